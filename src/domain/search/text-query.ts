import { Result, err, ok } from '../../base/result';
import { CaseSensitivity, isCaseSensitive } from './case-sensitivity';
import { searchErrors } from './search.errors';

/** What a text search looks for, with smart case already decided. */
export interface TextQuery {
  text: string;
  isRegex: boolean;
  caseSensitive: boolean;
  wholeWord: boolean;
}

export function textQuery(params: { text: string; isRegex?: boolean; caseSensitivity?: CaseSensitivity; wholeWord?: boolean }): TextQuery {
  const isRegex = params.isRegex ?? false;
  return { text: params.text, isRegex, caseSensitive: isCaseSensitive(params.text, isRegex, params.caseSensitivity), wholeWord: params.wholeWord ?? false };
}

/** A query compiled to JavaScript regular expressions (the built-in engine's matcher). */
export interface TextMatcher {
  /** Finds matches within one line (flags g, no m). */
  readonly line: RegExp;
  /** Finds candidate lines across a whole file (flags g, m); undefined when the pattern looks around (then every line is tried). */
  readonly scan: RegExp | undefined;
}

const WORD = '[\\p{L}\\p{N}\\p{M}_]';
const ASCII_WORD = '\\w';

/**
 * Compiles the query: a literal is escaped; a regular expression is taken with the Unicode flag (as ripgrep's
 * syntax is Unicode-aware), or without it when only the legacy syntax accepts it. A pattern neither accepts gives
 * searchErrors.invalidRegex.
 */
export function compileTextQuery(query: TextQuery): Result<TextMatcher, string> {
  const source = query.isRegex ? query.text : escapeRegExp(query.text);
  const flags = query.caseSensitive ? '' : 'i';
  let firstError: string | undefined;
  for (const unicode of [true, false]) {
    const word = unicode ? WORD : ASCII_WORD;
    const wrapped = query.wholeWord ? `(?<!${word})(?:${source})(?!${word})` : source;
    const uFlag = unicode ? 'u' : '';
    try {
      const line = new RegExp(wrapped, `g${flags}${uFlag}`);
      const looksAround = /\(\?<?[=!]/.test(wrapped);
      return ok({ line, scan: looksAround ? undefined : new RegExp(wrapped, `gm${flags}${uFlag}`) });
    } catch (error) {
      firstError ??= (error as Error).message;
    }
  }
  return err(searchErrors.invalidRegex(detailOf(firstError ?? '')));
}

/** 'Invalid regular expression: /a(/u: Unterminated group' → 'Unterminated group'. */
function detailOf(message: string): string {
  const cut = message.lastIndexOf(': ');
  return cut < 0 ? message : message.slice(cut + 2);
}

export const escapeRegExp = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
