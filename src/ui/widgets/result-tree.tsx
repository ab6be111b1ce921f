import { KeyboardEvent, ReactNode, useEffect, useRef, useState } from 'react';
import { ResultRow, RowGroup } from '../../domain/search/result-rows';
import './result-tree.css';

export interface ResultTreeProps<G extends RowGroup<I>, I> {
  readonly label: string;
  readonly rows: readonly ResultRow<G, I>[];
  readonly renderGroup: (group: G, expanded: boolean) => ReactNode;
  readonly renderItem: (item: I, group: G) => ReactNode;
  /** Extra attributes of a row (data-path, data-line) for tests and styling. */
  readonly groupData?: (group: G) => Record<string, string>;
  readonly itemData?: (item: I, group: G) => Record<string, string>;
  readonly onToggle: (group: G) => void;
  readonly onOpen: (item: I, group: G) => void;
  readonly testId?: string;
}

/**
 * A two-level tree (files and their results) driven by the keyboard: one row in the tab order, arrows move, Left and
 * Right collapse and expand, Enter or a click opens an item, Home and End jump (WAI-ARIA tree pattern, flat rows with
 * aria-level).
 */
export function ResultTree<G extends RowGroup<I>, I>(props: ResultTreeProps<G, I>) {
  const { rows } = props;
  const [focusedKey, setFocusedKey] = useState<string | undefined>(undefined);
  const refs = useRef(new Map<string, HTMLDivElement>());
  const moved = useRef(false);
  const focusedIndex = Math.max(0, rows.findIndex((r) => r.key === focusedKey));
  const current = rows[focusedIndex];

  useEffect(() => {
    if (!moved.current || !current) return;
    moved.current = false;
    refs.current.get(current.key)?.focus();
  }, [current]);

  const focusRow = (index: number) => {
    const row = rows[Math.max(0, Math.min(rows.length - 1, index))];
    if (!row) return;
    moved.current = true;
    setFocusedKey(row.key);
  };

  const onKeyDown = (e: KeyboardEvent, row: ResultRow<G, I>, index: number) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'ArrowDown') focusRow(index + 1);
    else if (e.key === 'ArrowUp') focusRow(index - 1);
    else if (e.key === 'Home') focusRow(0);
    else if (e.key === 'End') focusRow(rows.length - 1);
    else if (e.key === 'ArrowRight') {
      if (row.kind === 'group' && !row.expanded) props.onToggle(row.group);
      else if (row.kind === 'group') focusRow(index + 1);
    } else if (e.key === 'ArrowLeft') {
      if (row.kind === 'group' && row.expanded) props.onToggle(row.group);
      else if (row.kind === 'item') focusRow(rows.findIndex((r) => r.kind === 'group' && r.key === row.group.key));
    } else if (e.key === 'Enter' || e.key === ' ') {
      if (row.kind === 'group') props.onToggle(row.group);
      else props.onOpen(row.item, row.group);
    } else return;
    e.preventDefault();
    e.stopPropagation();
  };

  const groups = rows.filter((r) => r.kind === 'group').length;
  let groupPosition = 0;
  return (
    <div role="tree" aria-label={props.label} className="bp-result-tree" data-testid={props.testId}>
      {rows.map((row, index) => {
        const common = {
          role: 'treeitem',
          tabIndex: index === focusedIndex ? 0 : -1,
          ref: (el: HTMLDivElement | null) => void (el ? refs.current.set(row.key, el) : refs.current.delete(row.key)),
          onKeyDown: (e: KeyboardEvent) => onKeyDown(e, row, index),
          onFocus: () => setFocusedKey(row.key),
        } as const;
        if (row.kind === 'group') {
          groupPosition++;
          return (
            <div
              key={row.key}
              {...common}
              {...props.groupData?.(row.group)}
              aria-level={1}
              aria-expanded={row.expanded}
              aria-setsize={groups}
              aria-posinset={groupPosition}
              className="bp-result-row bp-result-group"
              onClick={() => props.onToggle(row.group)}
            >
              <span className="bp-result-twistie" aria-hidden>
                {row.expanded ? '▾' : '▸'}
              </span>
              {props.renderGroup(row.group, row.expanded)}
            </div>
          );
        }
        return (
          <div
            key={row.key}
            {...common}
            {...props.itemData?.(row.item, row.group)}
            aria-level={2}
            aria-setsize={row.group.items.length}
            aria-posinset={row.index + 1}
            className="bp-result-row bp-result-item"
            onClick={() => props.onOpen(row.item, row.group)}
          >
            {props.renderItem(row.item, row.group)}
          </div>
        );
      })}
    </div>
  );
}
