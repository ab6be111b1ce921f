/** A tab of the terminal panel, as far as the layout goes: the shell it shows. */
export interface Tab {
  readonly shellId: string;
}

/** The terminal panel's tabs in order, the active one and, when the panel is split, the one shown beside it. */
export interface TabLayout<T extends Tab> {
  readonly tabs: readonly T[];
  readonly active: string | undefined;
  readonly split: string | undefined;
}

/** The tab showing a shell, if any. */
const find = <T extends Tab>(tabs: readonly T[], shellId: string | undefined): T | undefined =>
  shellId === undefined ? undefined : tabs.find((t) => t.shellId === shellId);

/** The tabs on screen: the active one, and the split one beside it. */
export function visibleTabs<T extends Tab>({ tabs, active, split }: TabLayout<T>): T[] {
  return [find(tabs, active), split === active ? undefined : find(tabs, split)].filter((t): t is T => t !== undefined);
}

/** Shows a tab: it becomes the active one; when it was the one beside it, the one active before takes its place there. */
export function activateTab<T extends Tab>(layout: TabLayout<T>, shellId: string): TabLayout<T> {
  if (!find(layout.tabs, shellId)) return layout;
  return { tabs: layout.tabs, active: shellId, split: layout.split === shellId ? layout.active : layout.split };
}

/** The tab `step` after the active one, wrapping around (counted from before the first when none is active). */
export function nextTab<T extends Tab>({ tabs, active }: TabLayout<T>, step: 1 | -1): string | undefined {
  if (tabs.length === 0) return undefined;
  const index = tabs.findIndex((t) => t.shellId === active);
  return tabs[(index + step + tabs.length) % tabs.length].shellId;
}

/** A new last tab, made the active one when `show` (or when none is active). */
export function withTab<T extends Tab>(layout: TabLayout<T>, tab: T, show: boolean): TabLayout<T> {
  const added = { ...layout, tabs: [...layout.tabs, tab] };
  return show || layout.active === undefined ? activateTab(added, tab.shellId) : added;
}

/** A new tab takes another's place, in the list and on screen. */
export function replaceTab<T extends Tab>({ tabs, active, split }: TabLayout<T>, old: T, by: T): TabLayout<T> {
  return {
    tabs: tabs.map((t) => (t === old ? by : t)),
    active: active === old.shellId ? by.shellId : active,
    split: split === old.shellId ? by.shellId : split,
  };
}

/**
 * Without a tab: when it was the active one, the split one takes its place (the panel is no longer split), else the
 * tab that followed it, else the one before.
 */
export function withoutTab<T extends Tab>(layout: TabLayout<T>, shellId: string): TabLayout<T> {
  const index = layout.tabs.findIndex((t) => t.shellId === shellId);
  if (index < 0) return layout;
  const tabs = layout.tabs.filter((t) => t.shellId !== shellId);
  let split = layout.split === shellId ? undefined : layout.split;
  let active = layout.active;
  if (active === shellId) {
    active = split ?? tabs[Math.min(index, tabs.length - 1)]?.shellId;
    if (split === active) split = undefined;
  }
  return { tabs, active, split };
}

/** An active or split tab that is not in the list (or no active one): the active one becomes `fallback`, none is split. */
export function settleTabs<T extends Tab>(layout: TabLayout<T>, fallback: () => T | undefined): TabLayout<T> {
  const { tabs, active, split } = layout;
  return { tabs, active: find(tabs, active) ? active : fallback()?.shellId, split: find(tabs, split) ? split : undefined };
}
