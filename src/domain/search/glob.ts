import { Result, err, ok } from '../../base/result';

/** A gitignore-style glob, compiled once: matched against workspace-relative paths ('src/App.js'). */
export interface CompiledGlob {
  readonly regex: RegExp;
  /** The glob ended with '/': it matches directories only. */
  readonly directoryOnly: boolean;
}

export interface GlobOptions {
  /** `{a,b}` alternatives (ripgrep's --glob has them; .gitignore files do not). */
  braces: boolean;
}

/**
 * Compiles a glob with .gitignore's rules, as ripgrep's --glob and .gitignore files use them: `*` and `?` stay within
 * one path segment, `**` spans segments (`**\/x`, `x/**`, `a/**\/b`), `[a-z]` and `[!a-z]` are classes, `\` escapes.
 * A glob with a '/' (other than a trailing one) is anchored at the root ('/src' and 'src/*.ts' only match there);
 * one without matches at any depth ('*.ts', 'node_modules'). Errors name the glob.
 */
export function compileGlob(glob: string, options: GlobOptions): Result<CompiledGlob, string> {
  let pattern = glob;
  const directoryOnly = pattern.length > 1 && pattern.endsWith('/');
  while (pattern.length > 1 && pattern.endsWith('/')) pattern = pattern.slice(0, -1);
  const anchored = pattern.includes('/');
  if (pattern.startsWith('/')) pattern = pattern.slice(1);
  const body = translate(pattern, options);
  if (!body.ok) return err(`Invalid glob ${JSON.stringify(glob)}: ${body.error}`);
  return ok({ regex: new RegExp(anchored ? `^${body.value}$` : `^(?:[^]*/)?${body.value}$`), directoryOnly });
}

/** Whether a compiled glob matches a path (directory-only globs match directories only). */
export function globMatches(glob: CompiledGlob, path: string, isDirectory: boolean): boolean {
  return (isDirectory || !glob.directoryOnly) && glob.regex.test(path);
}

function translate(pattern: string, options: GlobOptions): Result<string, string> {
  let out = '';
  let braces = 0;
  for (let i = 0; i < pattern.length; ) {
    const char = pattern[i];
    if (char === '\\') {
      if (i + 1 >= pattern.length) return err('a trailing backslash escapes nothing');
      out += escapeRegex(pattern[i + 1]);
      i += 2;
    } else if (char === '*' && pattern[i + 1] === '*' && (i === 0 || pattern[i - 1] === '/') && (i + 2 === pattern.length || pattern[i + 2] === '/')) {
      // '**' as a whole segment: any number of segments ('a/**' is everything inside a, not a itself).
      if (i + 2 === pattern.length) {
        out += '[^]*';
        i += 2;
      } else {
        out += '(?:[^]*/)?';
        i += 3;
      }
    } else if (char === '*') {
      out += '[^/]*';
      while (pattern[i] === '*') i++;
    } else if (char === '?') {
      out += '[^/]';
      i++;
    } else if (char === '[') {
      const end = classEnd(pattern, i);
      if (end < 0) {
        out += '\\[';
        i++;
        continue;
      }
      out += translateClass(pattern.slice(i + 1, end));
      i = end + 1;
    } else if (options.braces && char === '{') {
      out += '(?:';
      braces++;
      i++;
    } else if (options.braces && char === '}' && braces > 0) {
      out += ')';
      braces--;
      i++;
    } else if (options.braces && char === ',' && braces > 0) {
      out += '|';
      i++;
    } else {
      out += escapeRegex(char);
      i++;
    }
  }
  if (braces > 0) return err('an unclosed {');
  return ok(out);
}

/** Index of the ']' closing the class opened at `start`, or -1. A ']' right after '[' or '[!' belongs to the class. */
function classEnd(pattern: string, start: number): number {
  let i = start + 1;
  if (pattern[i] === '!' || pattern[i] === '^') i++;
  if (pattern[i] === ']') i++;
  for (; i < pattern.length; i++) {
    if (pattern[i] === '\\') i++;
    else if (pattern[i] === ']') return i;
  }
  return -1;
}

function translateClass(inner: string): string {
  let negated = false;
  let body = inner;
  if (body.startsWith('!') || body.startsWith('^')) {
    negated = true;
    body = body.slice(1);
  }
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const char = body[i];
    if (char === '\\' && i + 1 < body.length) out += escapeClassChar(body[++i]);
    else if (char === '-' && i > 0 && i < body.length - 1) out += '-';
    else out += escapeClassChar(char);
  }
  // A class never matches the separator.
  return negated ? `[^/${out}]` : `(?!/)[${out}]`;
}

const escapeRegex = (char: string): string => (/[\\^$.*+?()[\]{}|/-]/.test(char) ? `\\${char}` : char);
const escapeClassChar = (char: string): string => (/[\\\]^[-]/.test(char) ? `\\${char}` : char);
