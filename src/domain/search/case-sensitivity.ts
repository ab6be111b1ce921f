/** How letter case counts in a text search (protocol.md §3 fs/search `caseSensitivity`). */
export type CaseSensitivity = 'smart' | 'enabled' | 'disabled';

/**
 * Whether a search is case-sensitive. 'smart' (the default) is case-insensitive unless the text holds an upper-case
 * letter, as ripgrep's --smart-case: in a regular expression, a letter right after a backslash is an escape
 * (`\W`, `\S`, `\p{Lu}`…) and does not count.
 */
export function isCaseSensitive(text: string, isRegex: boolean, mode: CaseSensitivity = 'smart'): boolean {
  if (mode !== 'smart') return mode === 'enabled';
  return hasUpperCase(isRegex ? withoutEscapes(text) : text);
}

function hasUpperCase(text: string): boolean {
  for (const char of text) if (char !== char.toLowerCase() && char === char.toUpperCase()) return true;
  return false;
}

/** The regex with each escape sequence's letters removed: `\p{Lu}`, `\x41`, `\u{41}`, `\W` and `\B`. */
function withoutEscapes(pattern: string): string {
  return pattern.replace(/\\(?:[pPxu]\{[^}]*\}|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|[pP][A-Za-z]|[\s\S])/g, '');
}
