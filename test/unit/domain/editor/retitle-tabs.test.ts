import { EditorGroups, FileTab, checkEditorGroups, closeTab, fileKey, initialEditorGroups, openFile, splitActive } from '../../../../src/domain/editor/editor-groups';
import { retitleTabs } from '../../../../src/domain/editor/retitle-tabs';

const file = (path: string): FileTab => ({ kind: 'file', fileId: `id-${path}`, path });
const open = (state: EditorGroups, ...paths: string[]) => paths.reduce((s, p) => openFile(s, file(p)), state);
const pathsOf = (state: EditorGroups) => state.groups.map((g) => g.tabs.map((t) => (t.kind === 'file' ? t.path : t.kind)));

/** A tree where `moves` maps file ids to their new paths; other known files are where they were; `gone` are deleted. */
const treeWith =
  (moves: Record<string, string>, gone: string[] = []) =>
  (fileId: string): string | undefined =>
    gone.includes(fileId) ? undefined : (moves[fileId] ?? fileId.replace(/^id-/, ''));

describe('retitleTabs', () => {
  it('gives every tab of a renamed file its new path, in every group, keeping keys and the active tab', () => {
    const state = splitActive(open(initialEditorGroups(), 'src/a.ts', 'src/b.ts'));
    const next = retitleTabs(state, treeWith({ 'id-src/b.ts': 'src/c.ts' }));
    expect(pathsOf(next)).toEqual([
      ['src/a.ts', 'src/c.ts'],
      ['new-tab', 'src/c.ts'],
    ]);
    expect(next.groups.map((g) => g.activeKey)).toEqual([fileKey('id-src/b.ts'), fileKey('id-src/b.ts')]);
    expect(next.activeGroupId).toBe(state.activeGroupId);
    expect(checkEditorGroups(next)).toBeUndefined();
  });

  it('follows a move of a folder above the files, and retitles recently closed entries too', () => {
    const state = closeTab(open(initialEditorGroups(), 'src/a.ts', 'src/b.ts', 'README.md'), 1, fileKey('id-src/a.ts'));
    const moved = { 'id-src/a.ts': 'lib/a.ts', 'id-src/b.ts': 'lib/b.ts' };
    const next = retitleTabs(state, treeWith(moved));
    expect(pathsOf(next)[0]).toEqual(['lib/b.ts', 'README.md']);
    expect(next.closed).toEqual([{ fileId: 'id-src/a.ts', path: 'lib/a.ts', groupId: 1, index: 0 }]);
  });

  it('keeps the tab of a deleted file open with its last path', () => {
    const state = open(initialEditorGroups(), 'src/a.ts', 'src/b.ts');
    const next = retitleTabs(state, treeWith({}, ['id-src/a.ts']));
    expect(next).toBe(state);
    expect(pathsOf(next)[0]).toEqual(['src/a.ts', 'src/b.ts']);
  });

  it('returns the same value when no path changed, and keeps the identity of groups it did not change', () => {
    const state = splitActive(open(initialEditorGroups(), 'a.ts'));
    expect(retitleTabs(state, treeWith({}))).toBe(state);
    const withB = openFile(state, file('b.ts'), { groupId: 1 });
    const next = retitleTabs(withB, treeWith({ 'id-b.ts': 'c.ts' }));
    expect(next).not.toBe(withB);
    expect(next.groups[1]).toBe(withB.groups[1]);
    expect(next.closed).toEqual(withB.closed);
  });
});
