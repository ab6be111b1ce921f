import { EditorGroup, EditorGroups, FileTab, GroupTab, MAX_GROUPS, activeFileOf, tabKey } from './editor-groups';

/** A group as saved per user: its files by path (ids change between visits), the shown one, and the sticky page. */
export interface SavedEditorGroup {
  readonly files: readonly string[];
  /** The path of the file shown; undefined when the group showed a new-tab page. */
  readonly active: string | undefined;
  readonly sticky: boolean;
}

export interface SavedEditorGroups {
  readonly groups: readonly SavedEditorGroup[];
  /** Position of the active group. */
  readonly activeGroup: number;
  /** The first group's share of the editor area's width (the sash between the groups). */
  readonly share: number;
}

export const DEFAULT_GROUP_SHARE = 0.5;
export const MIN_GROUP_SHARE = 0.15;
export const MAX_GROUP_SHARE = 0.85;

export function clampGroupShare(share: number): number {
  return Number.isFinite(share) ? Math.max(MIN_GROUP_SHARE, Math.min(MAX_GROUP_SHARE, share)) : DEFAULT_GROUP_SHARE;
}

export function saveEditorGroups(state: EditorGroups, share: number): SavedEditorGroups {
  return {
    groups: state.groups.map((g) => ({
      files: g.tabs.flatMap((t) => (t.kind === 'file' ? [t.path] : [])),
      active: activeFileOf(g)?.path,
      sticky: g.tabs[0]?.kind === 'new-tab',
    })),
    activeGroup: Math.max(0, state.groups.findIndex((g) => g.id === state.activeGroupId)),
    share,
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function parseGroup(value: unknown): SavedEditorGroup | undefined {
  if (!isRecord(value) || !Array.isArray(value.files) || !value.files.every((f) => typeof f === 'string')) return undefined;
  return { files: value.files as string[], active: typeof value.active === 'string' ? value.active : undefined, sticky: value.sticky === true };
}

/** A stored value read back; undefined when it is not a saved layout (the initial layout is used then). */
export function parseSavedEditorGroups(value: unknown): SavedEditorGroups | undefined {
  if (!isRecord(value) || !Array.isArray(value.groups) || value.groups.length < 1 || value.groups.length > MAX_GROUPS) return undefined;
  const groups = value.groups.map(parseGroup);
  if (groups.some((g) => g === undefined)) return undefined;
  const activeGroup = Number.isInteger(value.activeGroup) && (value.activeGroup as number) >= 0 && (value.activeGroup as number) < groups.length ? (value.activeGroup as number) : 0;
  const share = typeof value.share === 'number' ? clampGroupShare(value.share) : DEFAULT_GROUP_SHARE;
  return { groups: groups as SavedEditorGroup[], activeGroup, share };
}

/**
 * The groups of a saved layout, with the files that still exist (`resolve` gives a file's tab by path, undefined when
 * it is gone). Each group shows its saved file, else its first tab.
 */
export function restoreEditorGroups(saved: SavedEditorGroups, resolve: (path: string) => FileTab | undefined): EditorGroups {
  let stickyTaken = false;
  const groups = saved.groups.map((g, i): EditorGroup => {
    const sticky = g.sticky && !stickyTaken;
    stickyTaken ||= sticky;
    const tabs: GroupTab[] = sticky ? [{ kind: 'new-tab' }] : [];
    for (const path of g.files) {
      const file = resolve(path);
      if (file && !tabs.some((t) => tabKey(t) === tabKey(file))) tabs.push(file);
    }
    const shown = g.active !== undefined ? tabs.find((t) => t.kind === 'file' && t.path === g.active) : sticky ? tabs[0] : undefined;
    const active = shown ?? tabs[0];
    return { id: i + 1, tabs, activeKey: active ? tabKey(active) : undefined };
  });
  return { groups, activeGroupId: saved.activeGroup + 1, closed: [], nextGroupId: groups.length + 1 };
}
