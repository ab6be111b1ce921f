import { WORD_SUGGESTIONS_MAX_CHARS, wordSuggestionsFor } from '../../../../src/domain/editor/word-suggestions';

describe('wordSuggestionsFor', () => {
  it('draws words from every open document of the language while they hold at most the limit', () => {
    expect(wordSuggestionsFor(10_000, 10_000)).toBe('matchingDocuments');
    expect(wordSuggestionsFor(10_000, WORD_SUGGESTIONS_MAX_CHARS)).toBe('matchingDocuments');
  });

  it('keeps to the typed-in document when the documents of its language hold more', () => {
    expect(wordSuggestionsFor(10_000, WORD_SUGGESTIONS_MAX_CHARS + 1)).toBe('currentDocument');
    expect(wordSuggestionsFor(WORD_SUGGESTIONS_MAX_CHARS, 5_000_000)).toBe('currentDocument');
  });

  it('has none for a document over the limit', () => {
    expect(wordSuggestionsFor(WORD_SUGGESTIONS_MAX_CHARS + 1, WORD_SUGGESTIONS_MAX_CHARS + 1)).toBe('off');
    expect(wordSuggestionsFor(4_990_000, 4_990_000)).toBe('off');
  });

  it('sets the limit at 1,000,000 characters', () => {
    expect(WORD_SUGGESTIONS_MAX_CHARS).toBe(1_000_000);
  });
});
