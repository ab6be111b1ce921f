import { FileTab, NEW_TAB_KEY, fileKey, initialEditorGroups, openFile, splitActive } from '../../../../src/domain/editor/editor-groups';
import { DEFAULT_GROUP_SHARE, MAX_GROUP_SHARE, parseSavedEditorGroups, restoreEditorGroups, saveEditorGroups } from '../../../../src/domain/editor/saved-editor-groups';

const file = (path: string): FileTab => ({ kind: 'file', fileId: `id-${path}`, path });

describe('saveEditorGroups', () => {
  it('saves files by path, the shown file, the sticky page, the active group and the share', () => {
    const state = splitActive(openFile(openFile(initialEditorGroups(), file('README.md')), file('src/a.ts')));
    expect(saveEditorGroups(state, 0.4)).toEqual({
      groups: [
        { files: ['README.md', 'src/a.ts'], active: 'src/a.ts', sticky: false },
        { files: ['src/a.ts'], active: 'src/a.ts', sticky: true },
      ],
      activeGroup: 1,
      share: 0.4,
    });
  });
});

describe('parseSavedEditorGroups', () => {
  it.each([undefined, null, 42, 'x', [], {}, { groups: [] }, { groups: [{ files: [1] }] }, { groups: [{}, {}, {}].map(() => ({ files: [] })) }])(
    'refuses %j',
    (value) => expect(parseSavedEditorGroups(value)).toBeUndefined(),
  );

  it('replaces an odd active group or share by the defaults and clamps the share', () => {
    expect(parseSavedEditorGroups({ groups: [{ files: [] }], activeGroup: 3 })).toEqual({ groups: [{ files: [], active: undefined, sticky: false }], activeGroup: 0, share: DEFAULT_GROUP_SHARE });
    expect(parseSavedEditorGroups({ groups: [{ files: [] }], share: 2 })?.share).toBe(MAX_GROUP_SHARE);
  });
});

describe('restoreEditorGroups', () => {
  it('leaves out files that are gone and shows the first tab when the shown file is gone', () => {
    const restored = restoreEditorGroups(
      {
        groups: [
          { files: ['gone.ts', 'a.ts'], active: 'gone.ts', sticky: false },
          { files: ['gone.ts'], active: 'gone.ts', sticky: true },
        ],
        activeGroup: 1,
        share: 0.5,
      },
      (path) => (path === 'gone.ts' ? undefined : file(path)),
    );
    expect(restored.groups[0].tabs).toEqual([file('a.ts')]);
    expect(restored.groups[0].activeKey).toBe(fileKey('id-a.ts'));
    expect(restored.groups[1].tabs).toEqual([{ kind: 'new-tab' }]);
    expect(restored.groups[1].activeKey).toBe(NEW_TAB_KEY);
    expect(restored.activeGroupId).toBe(restored.groups[1].id);
  });
});
