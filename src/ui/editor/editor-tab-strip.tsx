import { observer } from 'mobx-react-lite';
import { DragEvent, KeyboardEvent, WheelEvent, useEffect, useRef, useState } from 'react';
import { EditorGroupsStore } from '../../application/editor/editor-groups.store';
import { EditorStore } from '../../application/editor/editor.store';
import { DiffTabsStore } from '../../application/git/diff-tabs.store';
import { EditorGroup, GroupTab, TabKey, tabKey } from '../../domain/editor/editor-groups';
import { useService } from '../di/container-context';
import { DiffTabStrip } from '../scm/diff-tab-strip';
import { OutOfSyncMarker } from '../sync/out-of-sync-marker';

/** The drag data of an editor tab (its group and key), so a drop can tell tabs from files dragged in. */
const TAB_MIME = 'application/x-bullpen-editor-tab';

interface DraggedTab {
  readonly groupId: number;
  readonly key: TabKey;
}

function draggedTab(e: DragEvent): DraggedTab | undefined {
  try {
    const value = JSON.parse(e.dataTransfer.getData(TAB_MIME)) as Partial<DraggedTab>;
    return typeof value.groupId === 'number' && typeof value.key === 'string' ? { groupId: value.groupId, key: value.key } : undefined;
  } catch {
    return undefined;
  }
}

const PinIcon = () => (
  <svg className="bp-tab-pin" width="12" height="12" viewBox="0 0 16 16" aria-hidden="true">
    <path fill="currentColor" d="M10 1l5 5-1.5 1.5-1-1L9 10l.5 3.5L8 15l-3-3-3.5 3.5-1-1L4 11 1 8l1.5-1.5L6 7l3.5-3.5-1-1z" />
  </svg>
);

interface TabProps {
  readonly group: EditorGroup;
  readonly tab: GroupTab;
  readonly index: number;
  readonly selected: boolean;
  readonly focusable: boolean;
  readonly focusedGroup: boolean;
  /** A dragged tab would land before ('before') or after ('after') this one. */
  readonly dropMark: 'before' | 'after' | undefined;
  readonly onShow: (key: TabKey) => void;
  readonly onKeyDown: (e: KeyboardEvent<HTMLDivElement>, index: number, key: TabKey) => void;
}

const Tab = observer(function Tab({ group, tab, index, selected, focusable, focusedGroup, dropMark, onShow, onKeyDown }: TabProps) {
  const groups = useService(EditorGroupsStore);
  const editor = useService(EditorStore);
  const key = tabKey(tab);
  const className = `bp-tab${selected ? ' bp-tab-active' : ''}${selected && focusedGroup ? ' bp-tab-focused-group' : ''}${dropMark ? ` bp-tab-drop-${dropMark}` : ''}`;
  const common = {
    role: 'tab',
    'aria-selected': selected,
    tabIndex: focusable ? 0 : -1,
    'data-tab-key': key,
    'data-tab-index': index,
    onClick: () => onShow(key),
    onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => onKeyDown(e, index, key),
  } as const;
  if (tab.kind === 'new-tab') {
    return (
      <div {...common} className={`${className} bp-tab-sticky`} title="New Tab (pinned)" aria-label="New Tab (pinned)" data-new-tab="true">
        <PinIcon />
        <span>New Tab</span>
      </div>
    );
  }
  const dirty = editor.session(tab.fileId)?.isDirty ?? false;
  const deleted = editor.isDeleted(tab.fileId);
  const name = tab.path.split('/').pop();
  return (
    <div
      {...common}
      className={deleted ? `${className} bp-tab-deleted` : className}
      title={deleted ? `${tab.path} (deleted)` : tab.path}
      data-path={tab.path}
      data-dirty={dirty}
      data-deleted={deleted}
      draggable
      onDragStart={(e) => {
        e.dataTransfer.setData(TAB_MIME, JSON.stringify({ groupId: group.id, key } satisfies DraggedTab));
        e.dataTransfer.effectAllowed = 'move';
      }}
      onMouseDown={(e) => e.button === 1 && e.preventDefault()}
      onAuxClick={(e) => {
        if (e.button !== 1) return;
        e.preventDefault();
        groups.close(group.id, key);
      }}
    >
      <span className="bp-tab-name">{name}</span>
      {deleted && <span className="bp-visually-hidden"> (deleted)</span>}
      {dirty && (
        <span className="bp-dirty" aria-label="unsaved changes" data-testid="dirty-marker">
          ●
        </span>
      )}
      <OutOfSyncMarker fileId={tab.fileId} path={tab.path} />
      {/* A mouse affordance, out of the accessibility tree (no control inside a tab): Delete or Ctrl/Cmd+W closes the tab. */}
      <span
        className="bp-tab-close"
        aria-label={`Close ${name}`}
        aria-hidden="true"
        title="Close"
        onClick={(e) => {
          e.stopPropagation();
          groups.close(group.id, key);
        }}
      >
        ×
      </span>
    </div>
  );
});

/** Scrolls the strip (only it) so that the tab is in view. */
function revealTab(strip: HTMLElement, tab: HTMLElement): void {
  const box = strip.getBoundingClientRect();
  const r = tab.getBoundingClientRect();
  if (r.left < box.left) strip.scrollLeft -= box.left - r.left;
  else if (r.right > box.right) strip.scrollLeft += Math.min(r.right - box.right, r.left - box.left);
}

/** The wheel scrolls a strip whose tabs do not fit sideways, as VS Code's does. */
function scrollSideways(e: WheelEvent<HTMLDivElement>): void {
  if (Math.abs(e.deltaY) > Math.abs(e.deltaX)) e.currentTarget.scrollLeft += e.deltaY;
}

/**
 * One editor group's tabs (role=tablist): click or Enter shows a tab, the arrow keys, Home and End move between tabs,
 * Ctrl/Cmd+Shift+Left/Right move the focused tab, Delete or a middle click closes it; tabs drag to another place or
 * to the other group's strip. The first group's strip also holds the source control diff tabs. The shown tab is kept
 * in view, and the wheel scrolls the strip sideways.
 */
export const EditorTabStrip = observer(function EditorTabStrip({ group, position }: { group: EditorGroup; position: number }) {
  const groups = useService(EditorGroupsStore);
  const diffs = useService(DiffTabsStore);
  const strip = useRef<HTMLDivElement>(null);
  const [dropAt, setDropAt] = useState<number | undefined>(undefined);
  const holdsDiffs = position === 0;
  const showsDiff = holdsDiffs && diffs.activePath !== undefined;
  const focusedGroup = groups.activeGroup.id === group.id;
  const selectedIndex = showsDiff ? -1 : group.tabs.findIndex((t) => tabKey(t) === group.activeKey);

  // The shown tab in view: a file opened from elsewhere may have its tab past the strip's end.
  const shownKey = showsDiff ? `diff:${diffs.activePath}` : group.activeKey;
  const tabCount = group.tabs.length;
  useEffect(() => {
    const tab = strip.current?.querySelector<HTMLElement>('[role=tab][aria-selected=true]');
    if (strip.current && tab) revealTab(strip.current, tab);
  }, [shownKey, tabCount]);

  const show = (key: TabKey) => {
    if (holdsDiffs) diffs.deactivate();
    groups.activate(group.id, key);
  };
  const tabElements = () => [...(strip.current?.querySelectorAll<HTMLElement>('[data-tab-key]') ?? [])];
  const focusTab = (index: number) => tabElements()[index]?.focus();
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>, index: number, key: TabKey) => {
    const count = group.tabs.length;
    if ((e.ctrlKey || e.metaKey) && e.shiftKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
      e.preventDefault();
      groups.reorder(group.id, key, index + (e.key === 'ArrowLeft' ? -1 : 1));
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'ArrowLeft') focusTab((index - 1 + count) % count);
    else if (e.key === 'ArrowRight') focusTab((index + 1) % count);
    else if (e.key === 'Home') focusTab(0);
    else if (e.key === 'End') focusTab(count - 1);
    else if (e.key === 'Enter' || e.key === ' ') show(key);
    else if (e.key === 'Delete') {
      groups.close(group.id, key);
      const next = Math.max(0, Math.min(index, count - 2));
      setTimeout(() => document.activeElement === document.body && focusTab(next));
    } else return;
    e.preventDefault();
  };

  /** The index a dragged tab would go before: the tab under the pointer (its right half: after it), else the end. */
  const dropIndex = (e: DragEvent): number => {
    const target = (e.target as HTMLElement).closest<HTMLElement>('[data-tab-index]');
    if (!target || !strip.current?.contains(target)) return group.tabs.length;
    const index = Number(target.dataset.tabIndex);
    const box = target.getBoundingClientRect();
    return e.clientX > box.left + box.width / 2 ? index + 1 : index;
  };
  const onDragOver = (e: DragEvent<HTMLDivElement>) => {
    if (!e.dataTransfer.types.includes(TAB_MIME)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    setDropAt(dropIndex(e));
  };
  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    const dragged = draggedTab(e);
    setDropAt(undefined);
    if (!dragged) return;
    e.preventDefault();
    const before = dropIndex(e);
    if (dragged.groupId !== group.id) return groups.moveToGroup(dragged.groupId, dragged.key, group.id, before);
    const from = group.tabs.findIndex((t) => tabKey(t) === dragged.key);
    groups.reorder(group.id, dragged.key, before > from ? before - 1 : before);
  };

  return (
    <div
      ref={strip}
      role="tablist"
      aria-label={`Editor group ${position + 1}`}
      className="bp-tabs bp-group-tabs"
      data-testid={position === 0 ? 'editor-tabs' : undefined}
      data-group={position + 1}
      data-drop-at={dropAt}
      onDragOver={onDragOver}
      onDragLeave={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setDropAt(undefined)}
      onDrop={onDrop}
      onWheel={scrollSideways}
    >
      {group.tabs.map((tab, index) => (
        <Tab
          key={tabKey(tab)}
          group={group}
          tab={tab}
          index={index}
          selected={index === selectedIndex}
          focusable={index === (selectedIndex < 0 ? 0 : selectedIndex)}
          focusedGroup={focusedGroup}
          dropMark={dropAt === index ? 'before' : dropAt === group.tabs.length && index === group.tabs.length - 1 ? 'after' : undefined}
          onShow={show}
          onKeyDown={onKeyDown}
        />
      ))}
      {holdsDiffs && <DiffTabStrip />}
    </div>
  );
});
