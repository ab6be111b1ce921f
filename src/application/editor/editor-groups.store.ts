import { inject, injectable, optional } from 'inversify';
import { action, comparer, computed, makeObservable, observable, reaction } from 'mobx';
import {
  ClosedTab,
  EditorGroup,
  EditorGroups,
  FileTab,
  OpenTarget,
  TabKey,
  activateTab,
  activeFileOf,
  activeGroupOf,
  closeGroup,
  closeTab,
  cycleTab,
  fileKey,
  fileTabsOf,
  focusGroupAt,
  focusGroup,
  initialEditorGroups,
  moveTab,
  moveTabToGroup,
  openFile,
  openFileIds,
  otherGroupOf,
  splitActive,
  tabKey,
  takeRecentlyClosed,
} from '../../domain/editor/editor-groups';
import { DisposableBase } from '../../base/lifecycle';
import { retitleTabs } from '../../domain/editor/retitle-tabs';
import { DEFAULT_GROUP_SHARE, SavedEditorGroups, clampGroupShare, parseSavedEditorGroups, restoreEditorGroups, saveEditorGroups } from '../../domain/editor/saved-editor-groups';
import { FileTreeStore } from '../files/file-tree.store';
import { PreferencesPort } from '../ports/preferences.port';
import { OpenBranchId } from '../tokens';

/** Per user and sandbox: `bullpen.editorGroups.<sandboxId>`. */
export const editorGroupsPreferenceKey = (sandboxId: string): string => `bullpen.editorGroups.${sandboxId}`;

/**
 * The editor groups of the editor area (rules in src/domain/editor/editor-groups.ts): which tabs each group has, the
 * one each shows and the active group. EditorStore owns the documents behind the file tabs (one session per file,
 * whichever groups show it) and opens files through `open`; views call the other use cases directly. After the
 * layout is restored (`restore`) every change is saved per user, so a reload shows the same tabs. Tabs follow the
 * client's file tree (`retitleTabs`): a renamed or moved file, or a file below a renamed or moved folder, shows its new
 * path; a deleted file's tab stays, with its last path.
 */
@injectable()
export class EditorGroupsStore extends DisposableBase {
  state: EditorGroups = initialEditorGroups();
  /** The first group's share of the editor area's width. */
  share = DEFAULT_GROUP_SHARE;
  /** Counts the requests to give the keyboard to the active group's editor (e.g. the terminal hidden by Ctrl/Cmd+`). */
  editorFocusRequest = 0;
  private saveKey: string | undefined;

  constructor(
    @inject(PreferencesPort) @optional() private readonly preferences?: PreferencesPort,
    @inject(OpenBranchId) @optional() private readonly sandboxId?: OpenBranchId,
    @inject(FileTreeStore) @optional() files?: FileTreeStore,
  ) {
    super();
    makeObservable<EditorGroupsStore, 'saveKey' | 'update'>(this, {
      state: observable.ref,
      share: observable,
      editorFocusRequest: observable,
      requestEditorFocus: action,
      saveKey: observable,
      groups: computed,
      activeGroup: computed,
      activeFile: computed,
      fileTabs: computed,
      openFileIds: computed({ equals: comparer.structural }),
      update: action,
      restore: action,
      resize: action,
      takeRecentlyClosed: action,
    });
    this.register(
      reaction(
        () => (this.saveKey ? saveEditorGroups(this.state, this.share) : undefined),
        (saved) => saved && this.saveKey && this.preferences?.write(this.saveKey, saved),
        { equals: comparer.structural },
      ),
    );
    // Runs when the tree changes (a rename or move, local or remote) and when a tab opens with an old path.
    if (files)
      this.register(
        reaction(
          () => retitleTabs(this.state, (fileId) => files.pathOf(fileId)),
          (next) => this.update(next),
        ),
      );
  }

  get groups(): readonly EditorGroup[] {
    return this.state.groups;
  }

  get activeGroup(): EditorGroup {
    return activeGroupOf(this.state);
  }

  /** The file the active group shows (undefined: a new-tab page). */
  get activeFile(): FileTab | undefined {
    return activeFileOf(this.activeGroup);
  }

  /** Every open file once, in group order. */
  get fileTabs(): readonly FileTab[] {
    const seen = new Set<string>();
    return this.groups.flatMap(fileTabsOf).filter((t) => !seen.has(t.fileId) && (seen.add(t.fileId), true));
  }

  get openFileIds(): ReadonlySet<string> {
    return openFileIds(this.state);
  }

  group(groupId: number): EditorGroup | undefined {
    return this.groups.find((g) => g.id === groupId);
  }

  positionOf(groupId: number): number {
    return this.groups.findIndex((g) => g.id === groupId);
  }

  /** The group showing this file: the active group if it does, else the first that does. */
  groupWithFile(fileId: string): EditorGroup | undefined {
    const has = (g: EditorGroup) => g.tabs.some((t) => tabKey(t) === fileKey(fileId));
    return has(this.activeGroup) ? this.activeGroup : this.groups.find(has);
  }

  /** Shows a file whose document is open (EditorStore.open calls this). */
  open(file: FileTab, target?: OpenTarget): void {
    this.update(openFile(this.state, file, target));
  }

  activate(groupId: number, key: TabKey): void {
    this.update(activateTab(this.state, groupId, key));
  }

  focus(groupId: number): void {
    this.update(focusGroup(this.state, groupId));
  }

  /** The active group's editor (or its new-tab page) takes the keyboard. */
  requestEditorFocus(): void {
    this.editorFocusRequest++;
  }

  /** Ctrl/Cmd+1, Ctrl/Cmd+2: the group at that position (0-based), created when it is the next one. */
  focusAt(position: number): void {
    this.update(focusGroupAt(this.state, position));
  }

  close(groupId: number, key: TabKey): void {
    this.update(closeTab(this.state, groupId, key));
  }

  /** Closes the tab the active group shows (nothing for the sticky new-tab page). */
  closeActive(): void {
    const group = this.activeGroup;
    if (group.activeKey !== undefined) this.close(group.id, group.activeKey);
  }

  reorder(groupId: number, key: TabKey, toIndex: number): void {
    this.update(moveTab(this.state, groupId, key, toIndex));
  }

  /** Moves a tab to another group (default: the other one, created if needed) at an index (default: the end). */
  moveToGroup(fromGroupId: number, key: TabKey, toGroupId?: number, toIndex?: number): void {
    this.update(moveTabToGroup(this.state, fromGroupId, key, toGroupId, toIndex));
  }

  moveActiveToOtherGroup(): void {
    const group = this.activeGroup;
    if (group.activeKey !== undefined) this.moveToGroup(group.id, group.activeKey);
  }

  split(): void {
    this.update(splitActive(this.state));
  }

  closeGroup(groupId = this.activeGroup.id): void {
    this.update(closeGroup(this.state, groupId));
  }

  cycle(delta: 1 | -1): void {
    this.update(cycleTab(this.state, delta));
  }

  hasOtherGroup(groupId = this.activeGroup.id): boolean {
    return otherGroupOf(this.state, groupId) !== undefined;
  }

  /** Takes the most recently closed tab off the list; EditorStore.reopenClosed opens it again. */
  takeRecentlyClosed(): ClosedTab | undefined {
    const taken = takeRecentlyClosed(this.state);
    this.state = taken.state;
    return taken.closed;
  }

  get hasRecentlyClosed(): boolean {
    return this.state.closed.length > 0;
  }

  resize(share: number): void {
    this.share = clampGroupShare(share);
  }

  /** This user's saved layout of the open sandbox, if any. */
  savedLayout(): SavedEditorGroups | undefined {
    const sandboxId = this.sandboxId?.();
    return sandboxId && this.preferences ? parseSavedEditorGroups(this.preferences.read(editorGroupsPreferenceKey(sandboxId))) : undefined;
  }

  /**
   * Takes the groups restored from a saved layout (or keeps the current ones) and from now on saves every change.
   * `resolve` gives the tab of a saved path whose document is open, undefined for a file that is gone.
   */
  restore(saved: SavedEditorGroups | undefined, resolve: (path: string) => FileTab | undefined = () => undefined): void {
    if (saved) {
      this.state = restoreEditorGroups(saved, resolve);
      this.share = saved.share;
    }
    const sandboxId = this.sandboxId?.();
    this.saveKey = sandboxId ? editorGroupsPreferenceKey(sandboxId) : undefined;
  }

  private update(next: EditorGroups): void {
    if (next !== this.state) this.state = next;
  }
}
