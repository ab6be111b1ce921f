/**
 * When a completion request can be answered with the earlier answer instead of asking the language server again.
 *
 * The editor keeps a complete completion list while its suggestions show and filters it locally as the user types.
 * Once nothing in the list matches the typed word the suggestions close, and the next key asks again: a made-up
 * identifier asks the server on every key and receives the same full list each time (tsserver's global list is about
 * 40 KB). Editors filter by a fuzzy match that needs the typed word's characters in order in the item's filter text,
 * so an item that does not hold the word as a subsequence can never show. When a complete answer for the same word
 * start held no such item, and the document changed only by the word growing, the server's answer now would show
 * nothing either, and the earlier answer does as well. (Giving one of its items again, rather than none, keeps the
 * editor from falling back to its own word-based suggestions, which read the whole document on every key; one is
 * enough, as none can show, and the editor then filters one item per key instead of the whole list.) An answer for an
 * empty word is never reused: servers may leave out what they filter by the typed prefix (tsserver's auto-imports)
 * until there is one.
 */

/** Where a completion was asked for: the word being typed and what surrounds it. */
export interface CompletionSite {
  readonly lineNumber: number;
  /** Editor column (from 1) where the typed word starts. */
  readonly wordStart: number;
  /** The word from its start to the cursor. */
  readonly word: string;
  /** The line's text before the word. */
  readonly before: string;
  /** The line's text after the cursor. */
  readonly after: string;
  /** The document's length and line count, to notice edits elsewhere. */
  readonly length: number;
  readonly lineCount: number;
}

/** What an earlier answer at `site` offered. */
export interface CompletionAnswer {
  readonly site: CompletionSite;
  /** Each item's filter text (LSP filterText, else its label). */
  readonly filterTexts: readonly string[];
  /** False when the server said the list is incomplete (it must be asked again as the word grows). */
  readonly complete: boolean;
  /** False when an item replaces text that starts after the word start: the editor then filters by less than the word. */
  readonly fromWordStart: boolean;
}

/** True when `word` occurs in `text` in order, ignoring case (what any fuzzy match of the editor requires). */
export function holdsInOrder(text: string, word: string): boolean {
  const haystack = text.toLowerCase();
  const needle = word.toLowerCase();
  let at = 0;
  for (let i = 0; i < needle.length; i++) {
    at = haystack.indexOf(needle[i], at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

/** True when `site` is `earlier`'s word grown at its end, with nothing else in the document changed in length. */
export function continuesWord(earlier: CompletionSite, site: CompletionSite): boolean {
  return (
    site.lineNumber === earlier.lineNumber &&
    site.wordStart === earlier.wordStart &&
    site.word.length > earlier.word.length &&
    site.word.startsWith(earlier.word) &&
    site.before === earlier.before &&
    site.after === earlier.after &&
    site.lineCount === earlier.lineCount &&
    site.length === earlier.length + (site.word.length - earlier.word.length)
  );
}

/** True when the server need not be asked at `site`: `answer` was complete for a shorter form of the word and nothing in it can match. */
export function reusable(answer: CompletionAnswer | undefined, site: CompletionSite): boolean {
  if (!answer || !answer.complete || !answer.fromWordStart || answer.site.word === '') return false;
  if (!continuesWord(answer.site, site)) return false;
  return !answer.filterTexts.some((text) => holdsInOrder(text, site.word));
}

/**
 * `answer` once reused at `site`: it stands for that site, and none of its items can match the word from here on (a
 * word whose characters an item does not hold in order never matches once it grows), so no filter text is kept to
 * check again on the next key.
 */
export function reusedAt(answer: CompletionAnswer, site: CompletionSite): CompletionAnswer {
  return { ...answer, site, filterTexts: [] };
}
