import { EditorGroup, EditorGroups } from './editor-groups';

/** Where a file is now (its workspace path), or undefined when the file tree does not have it (deleted, or unknown). */
export type PathOf = (fileId: string) => string | undefined;

/**
 * The editor groups with every file tab and recently closed entry showing the path its file has now: after a rename
 * or move of the file or of a folder above it (in the explorer, by another client or on disk), tabs follow the file.
 * A file the tree does not have keeps its tab and its last path, so an unsaved edit of a deleted file is not lost.
 * Returns `state` itself when no path changed (and unchanged groups keep their identity).
 */
export function retitleTabs(state: EditorGroups, pathOf: PathOf): EditorGroups {
  let changed = false;
  const follow = <T extends { readonly fileId: string; readonly path: string }>(item: T): T => {
    const path = pathOf(item.fileId);
    if (path === undefined || path === item.path) return item;
    changed = true;
    return { ...item, path };
  };
  const retitleGroup = (group: EditorGroup): EditorGroup => {
    const tabs = group.tabs.map((tab) => (tab.kind === 'file' ? follow(tab) : tab));
    return tabs.every((tab, i) => tab === group.tabs[i]) ? group : { ...group, tabs };
  };
  const groups = state.groups.map(retitleGroup);
  const closed = state.closed.map(follow);
  return changed ? { ...state, groups, closed } : state;
}
