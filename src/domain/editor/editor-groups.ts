/**
 * The editor area's layout rules (spec 002 §2 "Inside the editor"): editor groups side by side, each with its tabs
 * and its active tab, one active group. The initial layout has two groups: the first shows the initial file (or, with
 * no file, a new-tab page), the second holds a pinned sticky new-tab page that cannot be closed or moved.
 *
 * Pure functions over an immutable value; an operation that does not apply returns the state unchanged.
 * Invariants (checked by `checkEditorGroups`): never zero groups, at most MAX_GROUPS; a file appears at most once per
 * group; the sticky page is the first tab of its group and in one group at most; a group's active tab is one of its
 * tabs (none only when it has no tabs); the active group exists; at most MAX_RECENTLY_CLOSED closed tabs are kept.
 */

export type FileTab = { readonly kind: 'file'; readonly fileId: string; readonly path: string };
export type NewTabPage = { readonly kind: 'new-tab' };
export type GroupTab = FileTab | NewTabPage;

/** Identifies a tab inside a group: `file:<fileId>`, or NEW_TAB_KEY for the sticky new-tab page. */
export type TabKey = string;
export const NEW_TAB_KEY: TabKey = 'new-tab';
export const fileKey = (fileId: string): TabKey => `file:${fileId}`;
export const tabKey = (tab: GroupTab): TabKey => (tab.kind === 'file' ? fileKey(tab.fileId) : NEW_TAB_KEY);

export interface EditorGroup {
  readonly id: number;
  readonly tabs: readonly GroupTab[];
  readonly activeKey: TabKey | undefined;
}

/** A closed file tab, for 'Reopen Closed Editor': where it was (group, index) and what it showed. */
export interface ClosedTab {
  readonly fileId: string;
  readonly path: string;
  readonly groupId: number;
  readonly index: number;
}

export interface EditorGroups {
  /** Left to right. */
  readonly groups: readonly EditorGroup[];
  readonly activeGroupId: number;
  /** Most recently closed first. */
  readonly closed: readonly ClosedTab[];
  readonly nextGroupId: number;
}

export const MAX_GROUPS = 2;
export const MAX_RECENTLY_CLOSED = 20;

/** Where `openFile` puts a tab: a group (default: the active one) and an index (default: the end). */
export interface OpenTarget {
  readonly groupId?: number;
  readonly index?: number;
}

/** Spec 002 §2: two groups, the first empty until its initial file opens, the second holding the sticky new-tab page. */
export function initialEditorGroups(): EditorGroups {
  return {
    groups: [
      { id: 1, tabs: [], activeKey: undefined },
      { id: 2, tabs: [{ kind: 'new-tab' }], activeKey: NEW_TAB_KEY },
    ],
    activeGroupId: 1,
    closed: [],
    nextGroupId: 3,
  };
}

// ---- queries

export function groupById(state: EditorGroups, groupId: number): EditorGroup | undefined {
  return state.groups.find((g) => g.id === groupId);
}

export function activeGroupOf(state: EditorGroups): EditorGroup {
  return groupById(state, state.activeGroupId) ?? state.groups[0];
}

/** The file a group shows, or undefined when it shows a new-tab page. */
export function activeFileOf(group: EditorGroup): FileTab | undefined {
  const tab = group.tabs.find((t) => tabKey(t) === group.activeKey);
  return tab?.kind === 'file' ? tab : undefined;
}

export function fileTabsOf(group: EditorGroup): FileTab[] {
  return group.tabs.filter((t): t is FileTab => t.kind === 'file');
}

/** The group after (or, for the last, before) this one; undefined with one group. */
export function otherGroupOf(state: EditorGroups, groupId: number): EditorGroup | undefined {
  const index = state.groups.findIndex((g) => g.id === groupId);
  return state.groups[index + 1] ?? (index > 0 ? state.groups[index - 1] : undefined);
}

/** Every file some group shows a tab of. */
export function openFileIds(state: EditorGroups): Set<string> {
  return new Set(state.groups.flatMap((g) => fileTabsOf(g).map((t) => t.fileId)));
}

const hasSticky = (group: EditorGroup): boolean => group.tabs[0]?.kind === 'new-tab';
const firstMovableIndex = (group: EditorGroup): number => (hasSticky(group) ? 1 : 0);
const clamp = (value: number, min: number, max: number): number => Math.max(min, Math.min(max, value));

// ---- operations

function replaceGroup(state: EditorGroups, group: EditorGroup): EditorGroups {
  return { ...state, groups: state.groups.map((g) => (g.id === group.id ? group : g)) };
}

/** A group without the tab at `index`; the neighbour becomes active when it was the active tab. */
function withoutTab(group: EditorGroup, index: number): EditorGroup {
  const removed = group.tabs[index];
  const tabs = group.tabs.filter((_, i) => i !== index);
  if (group.activeKey !== tabKey(removed)) return { ...group, tabs };
  const next = tabs[Math.min(index, tabs.length - 1)];
  return { ...group, tabs, activeKey: next ? tabKey(next) : undefined };
}

function withTab(group: EditorGroup, tab: FileTab, index: number | undefined): EditorGroup {
  const key = tabKey(tab);
  if (group.tabs.some((t) => tabKey(t) === key)) return { ...group, activeKey: key };
  const at = clamp(index ?? group.tabs.length, firstMovableIndex(group), group.tabs.length);
  return { ...group, tabs: [...group.tabs.slice(0, at), tab, ...group.tabs.slice(at)], activeKey: key };
}

function addGroup(state: EditorGroups): { state: EditorGroups; group: EditorGroup } | undefined {
  if (state.groups.length >= MAX_GROUPS) return undefined;
  const group: EditorGroup = { id: state.nextGroupId, tabs: [], activeKey: undefined };
  return { state: { ...state, groups: [...state.groups, group], nextGroupId: state.nextGroupId + 1 }, group };
}

/** The other group, created when there is only one. */
function ensureOtherGroup(state: EditorGroups, groupId: number): { state: EditorGroups; group: EditorGroup } | undefined {
  const other = otherGroupOf(state, groupId);
  return other ? { state, group: other } : addGroup(state);
}

/** Opens a file in a group (the active one by default) and makes it that group's active tab; the group becomes active. */
export function openFile(state: EditorGroups, file: FileTab, target: OpenTarget = {}): EditorGroups {
  const group = (target.groupId !== undefined ? groupById(state, target.groupId) : undefined) ?? activeGroupOf(state);
  return { ...replaceGroup(state, withTab(group, file, target.index)), activeGroupId: group.id };
}

export function activateTab(state: EditorGroups, groupId: number, key: TabKey): EditorGroups {
  const group = groupById(state, groupId);
  if (!group || !group.tabs.some((t) => tabKey(t) === key)) return state;
  return { ...replaceGroup(state, { ...group, activeKey: key }), activeGroupId: groupId };
}

export function focusGroup(state: EditorGroups, groupId: number): EditorGroups {
  return groupById(state, groupId) && state.activeGroupId !== groupId ? { ...state, activeGroupId: groupId } : state;
}

/** Focuses the group at a position (0 = leftmost); the position just after the last creates a group, up to MAX_GROUPS. */
export function focusGroupAt(state: EditorGroups, position: number): EditorGroups {
  const existing = state.groups[position];
  if (existing) return focusGroup(state, existing.id);
  if (position !== state.groups.length) return state;
  const added = addGroup(state);
  return added ? { ...added.state, activeGroupId: added.group.id } : state;
}

/** Closes a file tab (the sticky new-tab page cannot be closed); it goes to the recently closed list. */
export function closeTab(state: EditorGroups, groupId: number, key: TabKey): EditorGroups {
  const group = groupById(state, groupId);
  const index = group ? group.tabs.findIndex((t) => tabKey(t) === key) : -1;
  const tab = group?.tabs[index];
  if (!group || !tab || tab.kind !== 'file') return state;
  const closed: ClosedTab = { fileId: tab.fileId, path: tab.path, groupId, index };
  return { ...replaceGroup(state, withoutTab(group, index)), closed: [closed, ...state.closed].slice(0, MAX_RECENTLY_CLOSED) };
}

/** Takes the most recently closed tab off the list (the caller opens it again with `openFile`). */
export function takeRecentlyClosed(state: EditorGroups): { state: EditorGroups; closed: ClosedTab | undefined } {
  const [closed, ...rest] = state.closed;
  return closed ? { state: { ...state, closed: rest }, closed } : { state, closed: undefined };
}

/** Moves a tab to `toIndex` (its index afterwards) within its group; the sticky page stays first. */
export function moveTab(state: EditorGroups, groupId: number, key: TabKey, toIndex: number): EditorGroups {
  const group = groupById(state, groupId);
  const index = group ? group.tabs.findIndex((t) => tabKey(t) === key) : -1;
  const tab = group?.tabs[index];
  if (!group || !tab || tab.kind !== 'file') return state;
  const rest = group.tabs.filter((_, i) => i !== index);
  const at = clamp(toIndex, firstMovableIndex(group), rest.length);
  if (at === index) return state;
  return replaceGroup(state, { ...group, tabs: [...rest.slice(0, at), tab, ...rest.slice(at)] });
}

/**
 * Moves a file tab to another group (by default the other one, created when there is only one) at `toIndex` (default:
 * the end); it becomes that group's active tab and that group the active one. The sticky page does not move.
 */
export function moveTabToGroup(state: EditorGroups, fromGroupId: number, key: TabKey, toGroupId?: number, toIndex?: number): EditorGroups {
  if (toGroupId === fromGroupId) return toIndex === undefined ? state : moveTab(state, fromGroupId, key, toIndex);
  const from = groupById(state, fromGroupId);
  const index = from ? from.tabs.findIndex((t) => tabKey(t) === key) : -1;
  const tab = from?.tabs[index];
  if (!from || !tab || tab.kind !== 'file') return state;
  const chosen = toGroupId !== undefined ? groupById(state, toGroupId) : undefined;
  if (toGroupId !== undefined && !chosen) return state;
  const target = chosen ? { state, group: chosen } : ensureOtherGroup(state, fromGroupId);
  if (!target) return state;
  const moved = replaceGroup(replaceGroup(target.state, withoutTab(from, index)), withTab(target.group, tab, toIndex));
  return { ...moved, activeGroupId: target.group.id };
}

/** Opens the active group's file in the other group too (created when there is only one), which becomes active. */
export function splitActive(state: EditorGroups): EditorGroups {
  const group = activeGroupOf(state);
  const file = activeFileOf(group);
  const target = file ? ensureOtherGroup(state, group.id) : undefined;
  if (!file || !target) return state;
  return { ...replaceGroup(target.state, withTab(target.group, file, undefined)), activeGroupId: target.group.id };
}

/**
 * Closes a group with its tabs (they go to the recently closed list). The last group is never removed: closing it
 * closes its file tabs only.
 */
export function closeGroup(state: EditorGroups, groupId: number): EditorGroups {
  const group = groupById(state, groupId);
  if (!group) return state;
  const files = fileTabsOf(group);
  let next = files.reduce((s, tab) => closeTab(s, groupId, tabKey(tab)), state);
  if (next.groups.length === 1) return next;
  const remaining = next.groups.filter((g) => g.id !== groupId);
  next = { ...next, groups: remaining };
  return next.activeGroupId === groupId ? { ...next, activeGroupId: (otherGroupOf(state, groupId) ?? remaining[0]).id } : next;
}

/** The next (delta 1) or previous (-1) tab of the active group, wrapping around. */
export function cycleTab(state: EditorGroups, delta: 1 | -1): EditorGroups {
  const group = activeGroupOf(state);
  if (group.tabs.length === 0) return state;
  const index = group.tabs.findIndex((t) => tabKey(t) === group.activeKey);
  const next = group.tabs[(((index < 0 ? 0 : index + delta) % group.tabs.length) + group.tabs.length) % group.tabs.length];
  return activateTab(state, group.id, tabKey(next));
}

/** Every invariant that holds; the first broken one's description otherwise (tests and restored values use it). */
export function checkEditorGroups(state: EditorGroups): string | undefined {
  if (state.groups.length < 1 || state.groups.length > MAX_GROUPS) return `${state.groups.length} groups`;
  if (new Set(state.groups.map((g) => g.id)).size !== state.groups.length) return 'duplicate group id';
  if (!groupById(state, state.activeGroupId)) return 'no active group';
  if (state.groups.some((g) => g.id >= state.nextGroupId)) return 'group id not below nextGroupId';
  if (state.closed.length > MAX_RECENTLY_CLOSED) return 'too many closed tabs';
  let stickyGroups = 0;
  for (const group of state.groups) {
    const keys = group.tabs.map(tabKey);
    if (new Set(keys).size !== keys.length) return `group ${group.id} shows a tab twice`;
    if (keys.indexOf(NEW_TAB_KEY) > 0) return `group ${group.id}: the sticky page is not first`;
    if (hasSticky(group)) stickyGroups++;
    if (group.activeKey === undefined ? keys.length > 0 : !keys.includes(group.activeKey)) return `group ${group.id}: bad active tab`;
  }
  return stickyGroups > 1 ? 'sticky page in two groups' : undefined;
}
