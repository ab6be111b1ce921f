/**
 * Word-based suggestions (Monaco's fallback when no language server answers) read whole documents on every key that
 * asks for suggestions: the editor worker collects up to 10,000 distinct words, and the editor turns each into an
 * item and filters it. Beyond this many characters that work shows in typing latency (bench/first-load: a 5 MB file
 * without a language server, p95 33 → 21 ms with the suggestions off), so larger documents are left out of it.
 */
export const WORD_SUGGESTIONS_MAX_CHARS = 1_000_000;

/** Monaco's `wordBasedSuggestions` values Bullpen uses. */
export type WordSuggestions = 'matchingDocuments' | 'currentDocument' | 'off';

/**
 * Where word-based suggestions come from while typing in a document of `length` characters, when the open documents
 * of its language hold `sameLanguageLength` characters in all (itself included): all of them while that stays within
 * the limit, else the document alone while it does, else none.
 */
export function wordSuggestionsFor(length: number, sameLanguageLength: number): WordSuggestions {
  if (length > WORD_SUGGESTIONS_MAX_CHARS) return 'off';
  if (sameLanguageLength > WORD_SUGGESTIONS_MAX_CHARS) return 'currentDocument';
  return 'matchingDocuments';
}
