import { TabLayout, activateTab, nextTab, replaceTab, settleTabs, visibleTabs, withTab, withoutTab } from '../../../../src/domain/terminal/tab-layout';

const tab = (shellId: string) => ({ shellId });
const [a, b, c] = [tab('a'), tab('b'), tab('c')];
const layout = (active: string | undefined, split?: string): TabLayout<{ shellId: string }> => ({ tabs: [a, b, c], active, split });

describe('terminal tab layout', () => {
  it('shows the active tab and the split one beside it, once', () => {
    expect(visibleTabs(layout('a'))).toEqual([a]);
    expect(visibleTabs(layout('a', 'c'))).toEqual([a, c]);
    expect(visibleTabs(layout('b', 'b'))).toEqual([b]);
    expect(visibleTabs(layout(undefined))).toEqual([]);
  });

  it('activates a tab; the split one activated swaps places with the active one; an unknown tab changes nothing', () => {
    expect(activateTab(layout('a'), 'b')).toEqual(layout('b'));
    expect(activateTab(layout('a', 'c'), 'c')).toEqual(layout('c', 'a'));
    const before = layout('a', 'c');
    expect(activateTab(before, 'nope')).toBe(before);
  });

  it('steps to the next or previous tab, wrapping around', () => {
    expect(nextTab(layout('c'), 1)).toBe('a');
    expect(nextTab(layout('a'), -1)).toBe('c');
    expect(nextTab(layout(undefined), 1)).toBe('a');
    expect(nextTab({ tabs: [], active: undefined, split: undefined }, 1)).toBeUndefined();
  });

  it('adds a last tab, active when shown or when none was', () => {
    const d = tab('d');
    expect(withTab(layout('a'), d, false)).toEqual({ tabs: [a, b, c, d], active: 'a', split: undefined });
    expect(withTab(layout('a'), d, true)).toEqual({ tabs: [a, b, c, d], active: 'd', split: undefined });
    expect(withTab(layout(undefined), d, false).active).toBe('d');
  });

  it('replaces a tab in the list, as the active one and as the split one', () => {
    const b2 = tab('b2');
    expect(replaceTab(layout('b', 'c'), b, b2)).toEqual({ tabs: [a, b2, c], active: 'b2', split: 'c' });
    expect(replaceTab(layout('a', 'b'), b, b2)).toEqual({ tabs: [a, b2, c], active: 'a', split: 'b2' });
  });

  it('closes a tab: the split one takes the active place, else the next tab, else the one before', () => {
    expect(withoutTab(layout('a', 'c'), 'a')).toEqual({ tabs: [b, c], active: 'c', split: undefined });
    expect(withoutTab(layout('a'), 'a')).toEqual({ tabs: [b, c], active: 'b', split: undefined });
    expect(withoutTab(layout('c'), 'c')).toEqual({ tabs: [a, b], active: 'b', split: undefined });
    expect(withoutTab(layout('a', 'c'), 'c')).toEqual({ tabs: [a, b], active: 'a', split: undefined });
    expect(withoutTab(layout('a', 'c'), 'b')).toEqual({ tabs: [a, c], active: 'a', split: 'c' });
    expect(withoutTab({ tabs: [a], active: 'a', split: undefined }, 'a')).toEqual({ tabs: [], active: undefined, split: undefined });
    const before = layout('a');
    expect(withoutTab(before, 'nope')).toBe(before);
  });

  it('settles an active or split tab that is gone: the fallback becomes active, nothing is split', () => {
    expect(settleTabs({ tabs: [a, b], active: 'gone', split: 'also-gone' }, () => b)).toEqual({ tabs: [a, b], active: 'b', split: undefined });
    let asked = false;
    expect(settleTabs({ tabs: [a, b], active: 'a', split: 'b' }, () => ((asked = true), b))).toEqual({ tabs: [a, b], active: 'a', split: 'b' });
    expect(asked).toBe(false);
    expect(settleTabs({ tabs: [], active: undefined, split: undefined }, () => undefined).active).toBeUndefined();
  });
});
