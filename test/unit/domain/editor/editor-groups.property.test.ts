import fc from 'fast-check';
import {
  EditorGroups,
  FileTab,
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
  splitActive,
  tabKey,
  takeRecentlyClosed,
} from '../../../../src/domain/editor/editor-groups';
import { parseSavedEditorGroups, restoreEditorGroups, saveEditorGroups } from '../../../../src/domain/editor/saved-editor-groups';

const FILES = ['a', 'b', 'c', 'd'];
const file = (name: string): FileTab => ({ kind: 'file', fileId: `id-${name}`, path: name });

type Op = (s: EditorGroups) => EditorGroups;

const groupAt = (s: EditorGroups, position: number) => s.groups[position % s.groups.length];
const keyAt = (s: EditorGroups, position: number, index: number) => {
  const group = groupAt(s, position);
  return group.tabs.length ? tabKey(group.tabs[index % group.tabs.length]) : NEW_TAB_KEY;
};

const name = fc.constantFrom(...FILES);
const pos = fc.nat(3);
const op: fc.Arbitrary<{ label: string; run: Op }> = fc.oneof(
  fc.tuple(name, fc.option(pos, { nil: undefined })).map(([n, g]) => ({ label: `open ${n} in ${g}`, run: (s: EditorGroups) => openFile(s, file(n), g === undefined ? {} : { groupId: groupAt(s, g).id }) })),
  fc.tuple(pos, fc.nat(5)).map(([g, i]) => ({ label: `close ${g}/${i}`, run: (s: EditorGroups) => closeTab(s, groupAt(s, g).id, keyAt(s, g, i)) })),
  fc.tuple(pos, fc.nat(5)).map(([g, i]) => ({ label: `activate ${g}/${i}`, run: (s: EditorGroups) => activateTab(s, groupAt(s, g).id, keyAt(s, g, i)) })),
  fc.tuple(pos, fc.nat(5), fc.integer({ min: -1, max: 6 })).map(([g, i, to]) => ({ label: `move ${g}/${i} to ${to}`, run: (s: EditorGroups) => moveTab(s, groupAt(s, g).id, keyAt(s, g, i), to) })),
  fc.tuple(pos, fc.nat(5), fc.option(fc.nat(6), { nil: undefined })).map(([g, i, to]) => ({
    label: `move ${g}/${i} to the other group at ${to}`,
    run: (s: EditorGroups) => moveTabToGroup(s, groupAt(s, g).id, keyAt(s, g, i), undefined, to),
  })),
  fc.constant({ label: 'split', run: splitActive }),
  pos.map((g) => ({ label: `close group ${g}`, run: (s: EditorGroups) => closeGroup(s, groupAt(s, g).id) })),
  fc.nat(2).map((g) => ({ label: `focus ${g}`, run: (s: EditorGroups) => focusGroupAt(s, g) })),
  fc.constantFrom<1 | -1>(1, -1).map((d) => ({ label: `cycle ${d}`, run: (s: EditorGroups) => cycleTab(s, d) })),
  fc.constant({ label: 'reopen', run: (s: EditorGroups) => {
    const taken = takeRecentlyClosed(s);
    return taken.closed ? openFile(taken.state, file(taken.closed.path), { groupId: taken.closed.groupId, index: taken.closed.index }) : s;
  } }),
);

const run = (ops: readonly { run: Op }[]) => ops.reduce((s, o) => o.run(s), initialEditorGroups());

describe('editor group rules (properties)', () => {
  it('keep every invariant after any sequence of operations', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        let state = initialEditorGroups();
        for (const o of ops) {
          state = o.run(state);
          expect(checkEditorGroups(state)).toBeUndefined();
        }
      }),
      { numRuns: 500 },
    );
  });

  it('keep the sticky new-tab page first in its group until that group closes', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        let state = initialEditorGroups();
        for (const o of ops) {
          const stickyGroup = state.groups.find((g) => g.tabs[0]?.kind === 'new-tab');
          state = o.run(state);
          const still = stickyGroup && state.groups.find((g) => g.id === stickyGroup.id);
          if (still) expect(still.tabs[0]).toEqual({ kind: 'new-tab' });
        }
      }),
    );
  });

  it('show an opened file in the active group', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), name, (ops, n) => {
        const state = openFile(run(ops), file(n));
        expect(activeFileOf(activeGroupOf(state))?.fileId).toBe(`id-${n}`);
      }),
    );
  });

  it('bring a closed tab back to its group with reopen', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), name, (ops, n) => {
        const opened = openFile(run(ops), file(n));
        const group = activeGroupOf(opened);
        const closed = closeTab(opened, group.id, fileKey(`id-${n}`));
        const taken = takeRecentlyClosed(closed);
        const reopened = openFile(taken.state, file(taken.closed!.path), { groupId: taken.closed!.groupId, index: taken.closed!.index });
        expect(reopened.groups.find((g) => g.id === group.id)!.tabs.map(tabKey)).toEqual(group.tabs.map(tabKey));
      }),
    );
  });

  it('restore what they saved, when every file still exists', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), fc.double({ min: 0, max: 1, noNaN: true }), (ops, share) => {
        const state = run(ops);
        const saved = parseSavedEditorGroups(JSON.parse(JSON.stringify(saveEditorGroups(state, share))));
        expect(saved).toBeDefined();
        const restored = restoreEditorGroups(saved!, (path) => file(path));
        expect(checkEditorGroups(restored)).toBeUndefined();
        expect(restored.groups.map((g) => g.tabs.map(tabKey))).toEqual(state.groups.map((g) => g.tabs.map(tabKey)));
        expect(restored.groups.map((g) => g.activeKey)).toEqual(state.groups.map((g) => g.activeKey));
        expect(restored.groups.findIndex((g) => g.id === restored.activeGroupId)).toBe(state.groups.findIndex((g) => g.id === state.activeGroupId));
      }),
    );
  });
});
