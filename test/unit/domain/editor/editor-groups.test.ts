import {
  EditorGroups,
  FileTab,
  MAX_RECENTLY_CLOSED,
  NEW_TAB_KEY,
  activateTab,
  activeFileOf,
  activeGroupOf,
  checkEditorGroups,
  closeGroup,
  closeTab,
  cycleTab,
  fileKey,
  focusGroupAt,
  initialEditorGroups,
  moveTab,
  moveTabToGroup,
  openFile,
  openFileIds,
  splitActive,
  tabKey,
  takeRecentlyClosed,
} from '../../../../src/domain/editor/editor-groups';

const file = (name: string): FileTab => ({ kind: 'file', fileId: `id-${name}`, path: name });
const keysOf = (state: EditorGroups, position: number) => state.groups[position].tabs.map(tabKey);
const open = (state: EditorGroups, ...names: string[]) => names.reduce((s, n) => openFile(s, file(n)), state);

describe('initialEditorGroups', () => {
  it('has two groups: the first empty and active, the second holding the sticky new-tab page (spec 002 §2)', () => {
    const state = initialEditorGroups();
    expect(state.groups).toHaveLength(2);
    expect(state.groups[0].tabs).toEqual([]);
    expect(state.groups[1].tabs).toEqual([{ kind: 'new-tab' }]);
    expect(state.groups[1].activeKey).toBe(NEW_TAB_KEY);
    expect(state.activeGroupId).toBe(state.groups[0].id);
    expect(checkEditorGroups(state)).toBeUndefined();
  });
});

describe('openFile', () => {
  it('opens in the active group at the end and shows the file', () => {
    const state = open(initialEditorGroups(), 'a', 'b');
    expect(keysOf(state, 0)).toEqual([fileKey('id-a'), fileKey('id-b')]);
    expect(activeFileOf(activeGroupOf(state))?.path).toBe('b');
  });

  it('activates a file the group already has instead of opening it twice', () => {
    const state = openFile(open(initialEditorGroups(), 'a', 'b'), file('a'));
    expect(keysOf(state, 0)).toEqual([fileKey('id-a'), fileKey('id-b')]);
    expect(activeFileOf(activeGroupOf(state))?.path).toBe('a');
  });

  it('opens a file after the sticky page, never before it, in the group it is asked for, which becomes active', () => {
    const initial = initialEditorGroups();
    const state = openFile(initial, file('a'), { groupId: initial.groups[1].id, index: 0 });
    expect(keysOf(state, 1)).toEqual([NEW_TAB_KEY, fileKey('id-a')]);
    expect(state.activeGroupId).toBe(initial.groups[1].id);
  });
});

describe('closeTab and takeRecentlyClosed', () => {
  it('shows the neighbour after closing the active tab and remembers where the closed one was', () => {
    let state = open(initialEditorGroups(), 'a', 'b', 'c');
    state = activateTab(state, state.groups[0].id, fileKey('id-b'));
    state = closeTab(state, state.groups[0].id, fileKey('id-b'));
    expect(keysOf(state, 0)).toEqual([fileKey('id-a'), fileKey('id-c')]);
    expect(activeFileOf(state.groups[0])?.path).toBe('c');
    const taken = takeRecentlyClosed(state);
    expect(taken.closed).toEqual({ fileId: 'id-b', path: 'b', groupId: state.groups[0].id, index: 1 });
    expect(taken.state.closed).toEqual([]);
    const reopened = openFile(taken.state, file('b'), { groupId: taken.closed!.groupId, index: taken.closed!.index });
    expect(keysOf(reopened, 0)).toEqual([fileKey('id-a'), fileKey('id-b'), fileKey('id-c')]);
  });

  it('never closes the sticky new-tab page', () => {
    const state = initialEditorGroups();
    expect(closeTab(state, state.groups[1].id, NEW_TAB_KEY)).toBe(state);
  });

  it('shows the sticky page again when the last file of its group closes', () => {
    const initial = initialEditorGroups();
    const group = initial.groups[1].id;
    const state = closeTab(openFile(initial, file('a'), { groupId: group }), group, fileKey('id-a'));
    expect(state.groups[1].activeKey).toBe(NEW_TAB_KEY);
  });

  it(`keeps the ${MAX_RECENTLY_CLOSED} most recently closed tabs, the latest first`, () => {
    let state = initialEditorGroups();
    for (let i = 0; i < MAX_RECENTLY_CLOSED + 5; i++) state = closeTab(openFile(state, file(`f${i}`)), state.groups[0].id, fileKey(`id-f${i}`));
    expect(state.closed).toHaveLength(MAX_RECENTLY_CLOSED);
    expect(state.closed[0].path).toBe(`f${MAX_RECENTLY_CLOSED + 4}`);
  });
});

describe('moveTab', () => {
  it('moves a tab to an index within its group', () => {
    const state = open(initialEditorGroups(), 'a', 'b', 'c');
    expect(keysOf(moveTab(state, state.groups[0].id, fileKey('id-c'), 0), 0)).toEqual([fileKey('id-c'), fileKey('id-a'), fileKey('id-b')]);
    expect(keysOf(moveTab(state, state.groups[0].id, fileKey('id-a'), 5), 0)).toEqual([fileKey('id-b'), fileKey('id-c'), fileKey('id-a')]);
  });

  it('keeps the sticky page first and unmovable', () => {
    const initial = initialEditorGroups();
    const group = initial.groups[1].id;
    const state = openFile(initial, file('a'), { groupId: group });
    expect(moveTab(state, group, NEW_TAB_KEY, 1)).toBe(state);
    expect(moveTab(state, group, fileKey('id-a'), 0)).toBe(state);
  });
});

describe('moveTabToGroup', () => {
  it('moves a file to the other group, which becomes active and shows it', () => {
    const state = open(initialEditorGroups(), 'a', 'b');
    const moved = moveTabToGroup(state, state.groups[0].id, fileKey('id-b'));
    expect(keysOf(moved, 0)).toEqual([fileKey('id-a')]);
    expect(keysOf(moved, 1)).toEqual([NEW_TAB_KEY, fileKey('id-b')]);
    expect(moved.activeGroupId).toBe(state.groups[1].id);
    expect(activeFileOf(moved.groups[0])?.path).toBe('a');
  });

  it('creates the second group when there is only one', () => {
    let state = closeGroup(open(initialEditorGroups(), 'a', 'b'), initialEditorGroups().groups[1].id);
    expect(state.groups).toHaveLength(1);
    state = moveTabToGroup(state, state.groups[0].id, fileKey('id-a'));
    expect(state.groups).toHaveLength(2);
    expect(keysOf(state, 1)).toEqual([fileKey('id-a')]);
  });

  it('does not move the sticky page', () => {
    const state = initialEditorGroups();
    expect(moveTabToGroup(state, state.groups[1].id, NEW_TAB_KEY)).toBe(state);
  });
});

describe('splitActive', () => {
  it('opens the active file in the other group too', () => {
    const state = splitActive(open(initialEditorGroups(), 'a'));
    expect(keysOf(state, 0)).toEqual([fileKey('id-a')]);
    expect(keysOf(state, 1)).toEqual([NEW_TAB_KEY, fileKey('id-a')]);
    expect(state.activeGroupId).toBe(state.groups[1].id);
    expect(openFileIds(state)).toEqual(new Set(['id-a']));
  });

  it('does nothing without an active file', () => {
    const state = initialEditorGroups();
    expect(splitActive(state)).toBe(state);
  });
});

describe('closeGroup', () => {
  it('removes a group with its tabs, which can be reopened, and activates the other group', () => {
    let state = open(initialEditorGroups(), 'a');
    state = closeGroup(state, state.groups[0].id);
    expect(state.groups).toHaveLength(1);
    expect(state.groups[0].tabs).toEqual([{ kind: 'new-tab' }]);
    expect(state.activeGroupId).toBe(state.groups[0].id);
    expect(state.closed.map((c) => c.path)).toEqual(['a']);
  });

  it('never removes the last group: its files close', () => {
    let state = open(initialEditorGroups(), 'a');
    state = closeGroup(state, state.groups[1].id);
    state = closeGroup(state, state.groups[0].id);
    expect(state.groups).toHaveLength(1);
    expect(state.groups[0].tabs).toEqual([]);
    expect(checkEditorGroups(state)).toBeUndefined();
  });
});

describe('focusGroupAt', () => {
  it('focuses a group by position and creates the next one, up to two', () => {
    let state = closeGroup(initialEditorGroups(), 2);
    expect(state.groups).toHaveLength(1);
    state = focusGroupAt(state, 1);
    expect(state.groups).toHaveLength(2);
    expect(state.activeGroupId).toBe(state.groups[1].id);
    expect(focusGroupAt(state, 2)).toBe(state);
    expect(focusGroupAt(state, 0).activeGroupId).toBe(state.groups[0].id);
  });
});

describe('cycleTab', () => {
  it('goes to the next and previous tab of the active group, wrapping around', () => {
    let state = open(initialEditorGroups(), 'a', 'b', 'c');
    state = cycleTab(state, 1);
    expect(activeFileOf(activeGroupOf(state))?.path).toBe('a');
    state = cycleTab(state, -1);
    expect(activeFileOf(activeGroupOf(state))?.path).toBe('c');
  });
});
