import fc from 'fast-check';
import { reusable, reusedAt, CompletionAnswer, CompletionSite, continuesWord, holdsInOrder } from '../../../../src/domain/language/completion-reuse';

/** The site of typing `word` at the end of `const x = ` on line 3 of a 10-line, 500-character document. */
function site(word: string, changes: Partial<CompletionSite> = {}): CompletionSite {
  return { lineNumber: 3, wordStart: 11, word, before: 'const x = ', after: ';', length: 500 + word.length, lineCount: 10, ...changes };
}

function answer(word: string, filterTexts: string[], changes: Partial<CompletionAnswer> = {}): CompletionAnswer {
  return { site: site(word), filterTexts, complete: true, fromWordStart: true, ...changes };
}

const GLOBALS = ['AbortController', 'Array', 'console', 'document', 'setTimeout', 'value7'];

describe('reusing a completion answer', () => {
  it('finds a word in a filter text only with its characters in order, ignoring case', () => {
    expect(holdsInOrder('AbortController', 'abc')).toBe(true);
    expect(holdsInOrder('AbortController', 'ACTRL')).toBe(true);
    expect(holdsInOrder('AbortController', 'cba')).toBe(false);
    expect(holdsInOrder('value7', 'value77')).toBe(false);
    expect(holdsInOrder('anything', '')).toBe(true);
  });

  it('agrees with a subsequence regular expression, and a word that does not match never matches once it grows', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'C', 'd', '_', '7'), maxLength: 12 });
    fc.assert(
      fc.property(text, text, text, (candidate, word, more) => {
        const escaped = [...word.toLowerCase()].map((c) => c.replace(/[^a-z0-9]/g, '\\$&')).join('.*');
        expect(holdsInOrder(candidate, word)).toBe(new RegExp(escaped).test(candidate.toLowerCase()));
        if (!holdsInOrder(candidate, word)) expect(holdsInOrder(candidate, word + more)).toBe(false);
      }),
    );
  });

  it('is reused when a complete answer for the shorter word has no item holding the grown word', () => {
    expect(reusable(answer('abc', GLOBALS), site('abcd'))).toBe(true);
    expect(reusable(answer('ab', GLOBALS), site('abcdefgh'))).toBe(true);
  });

  it('asks the server when an item still could match', () => {
    expect(reusable(answer('a', GLOBALS), site('abc'))).toBe(false);
    expect(reusable(answer('val', GLOBALS), site('value'))).toBe(false);
  });

  it('asks the server when the earlier answer was incomplete, for an empty word, or filtered from inside the word', () => {
    expect(reusable(undefined, site('abcd'))).toBe(false);
    expect(reusable(answer('abc', GLOBALS, { complete: false }), site('abcd'))).toBe(false);
    expect(reusable(answer('', GLOBALS), site('qq'))).toBe(false);
    expect(reusable(answer('abc', GLOBALS, { fromWordStart: false }), site('abcd'))).toBe(false);
  });

  it('asks the server when anything but the word changed', () => {
    const earlier = answer('abc', GLOBALS);
    expect(reusable(earlier, site('abcd', { lineNumber: 4 }))).toBe(false);
    expect(reusable(earlier, site('abcd', { wordStart: 12 }))).toBe(false);
    expect(reusable(earlier, site('abcd', { before: 'let x = ' }))).toBe(false);
    expect(reusable(earlier, site('abcd', { after: '' }))).toBe(false);
    expect(reusable(earlier, site('abcd', { lineCount: 11 }))).toBe(false);
    expect(reusable(earlier, site('abcd', { length: 505 }))).toBe(false);
    expect(reusable(earlier, site('abxd'))).toBe(false);
    expect(reusable(earlier, site('abc'))).toBe(false);
  });

  it('sees the word grown at its end as continuing it', () => {
    expect(continuesWord(site('ab'), site('abcd'))).toBe(true);
    expect(continuesWord(site('ab'), site('ab'))).toBe(false);
    expect(continuesWord(site('abcd'), site('ab'))).toBe(false);
  });

  it('once reused, stands for the site it was reused at, without filter texts to check again', () => {
    const reused = reusedAt(answer('abc', GLOBALS), site('abcd'));
    expect(reused).toEqual(answer('abcd', []));
    expect(reusable(reused, site('abcde'))).toBe(true);
    expect(reusable(reused, site('abcdef'))).toBe(true);
    expect(reusable(reused, site('abc'))).toBe(false);
    expect(reusable(reused, site('abcde', { after: '' }))).toBe(false);
  });

  it('reused key after key, decides as the first answer would have for every grown word', () => {
    const letters = fc.constantFrom('a', 'b', 'C', 'd', '_', '7');
    const filterTexts = fc.array(fc.string({ unit: letters, maxLength: 10 }), { maxLength: 8 });
    fc.assert(
      fc.property(filterTexts, fc.string({ unit: letters, minLength: 1, maxLength: 4 }), fc.array(letters, { maxLength: 8 }), (texts, start, keys) => {
        const first = answer(start, texts);
        let last = first;
        let word = start;
        for (const key of keys) {
          word += key;
          const expected = reusable(first, site(word));
          expect(reusable(last, site(word))).toBe(expected);
          // What the provider does: keep the reused answer, or (here) stop, as it would ask the server.
          if (!expected) break;
          last = reusedAt(last, site(word));
        }
      }),
    );
  });
});
