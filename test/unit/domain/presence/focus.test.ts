import { FollowView, focusOf, followedFileIsHidden, sameFocus } from '../../../../src/domain/presence/focus';

const view = (v: Partial<FollowView>): FollowView => ({ isFollowing: true, followedPath: 'a.ts', visiblePath: 'a.ts', opening: false, ...v });

describe('focus-file rules', () => {
  it('stops following when the followed file is not the one shown', () => {
    expect(followedFileIsHidden(view({}))).toBe(false);
    expect(followedFileIsHidden(view({ visiblePath: 'b.ts' }))).toBe(true);
    expect(followedFileIsHidden(view({ visiblePath: undefined }))).toBe(true);
  });

  it('decides nothing before the followed client said where it is, while its file opens, or when not following', () => {
    expect(followedFileIsHidden(view({ followedPath: undefined, visiblePath: 'b.ts' }))).toBe(false);
    expect(followedFileIsHidden(view({ opening: true, visiblePath: 'b.ts' }))).toBe(false);
    expect(followedFileIsHidden(view({ isFollowing: false, visiblePath: 'b.ts' }))).toBe(false);
  });

  it('builds 1-based lines with start ≤ end', () => {
    expect(focusOf('a.ts', { start: 3, end: 40 }, 7)).toEqual({ filepath: 'a.ts', visibleLines: { start: 3, end: 40 }, currentLine: 7 });
    expect(focusOf('a.ts', { start: 40, end: 3 }, 0)).toEqual({ filepath: 'a.ts', visibleLines: { start: 3, end: 40 }, currentLine: 1 });
    expect(focusOf('a.ts', { start: 0, end: 0 }, 1).visibleLines).toEqual({ start: 1, end: 1 });
  });

  it('compares focus messages by value', () => {
    const a = focusOf('a.ts', { start: 1, end: 30 }, 4);
    expect(sameFocus(a, focusOf('a.ts', { start: 1, end: 30 }, 4))).toBe(true);
    expect(sameFocus(a, focusOf('a.ts', { start: 2, end: 31 }, 4))).toBe(false);
    expect(sameFocus(a, focusOf('a.ts', { start: 1, end: 30 }, 5))).toBe(false);
    expect(sameFocus(a, focusOf('b.ts', { start: 1, end: 30 }, 4))).toBe(false);
    expect(sameFocus(a, undefined)).toBe(false);
  });
});
