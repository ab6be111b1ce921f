import { applyContentChanges, isContentChange, offsetAt } from '../../../../src/domain/language/text-document-changes';

const range = (l1: number, c1: number, l2: number, c2: number) => ({ start: { line: l1, character: c1 }, end: { line: l2, character: c2 } });

describe('applyContentChanges', () => {
  it('replaces a range given in lines and UTF-16 characters', () => {
    expect(applyContentChanges('const a = 1;\nconst b = 2;\n', [{ range: range(1, 6, 1, 7), text: 'bee' }])).toBe('const a = 1;\nconst bee = 2;\n');
  });

  it('counts UTF-16 code units (an emoji is two)', () => {
    expect(applyContentChanges('😀x', [{ range: range(0, 2, 0, 3), text: 'y' }])).toBe('😀y');
  });

  it('treats \\r\\n, \\n and \\r as line ends', () => {
    expect(offsetAt('a\r\nb\nc\rd', { line: 3, character: 0 })).toBe(7);
    expect(applyContentChanges('a\r\nb', [{ range: range(1, 0, 1, 1), text: 'B' }])).toBe('a\r\nB');
  });

  it('clamps positions past the end of a line or of the text', () => {
    expect(offsetAt('ab\ncd', { line: 0, character: 99 })).toBe(2);
    expect(offsetAt('ab\ncd', { line: 9, character: 0 })).toBe(5);
    expect(applyContentChanges('ab', [{ range: range(0, 5, 3, 0), text: '!' }])).toBe('ab!');
  });

  it('applies changes in order, and a change without a range replaces everything', () => {
    expect(applyContentChanges('abc', [{ range: range(0, 0, 0, 1), text: 'X' }, { text: 'whole' }, { range: range(0, 5, 0, 5), text: '!' }])).toBe('whole!');
  });

  it('recognises well-formed changes', () => {
    expect(isContentChange({ text: 'x' })).toBe(true);
    expect(isContentChange({ text: 'x', range: range(0, 0, 0, 0) })).toBe(true);
    expect(isContentChange({ text: 1 })).toBe(false);
    expect(isContentChange({ text: 'x', range: { start: { line: -1, character: 0 }, end: { line: 0, character: 0 } } })).toBe(false);
  });
});
