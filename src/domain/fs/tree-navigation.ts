import type { TreeRow } from './tree-rows';

/** What a key press on a tree row means (WAI-ARIA tree view pattern). */
export type TreeKeyIntent =
  | { readonly kind: 'focus'; readonly key: string }
  | { readonly kind: 'expand'; readonly key: string }
  | { readonly kind: 'collapse'; readonly key: string }
  | { readonly kind: 'activate'; readonly key: string };

/** Rows the keyboard can land on (notes and the name input are skipped). */
const focusable = (row: TreeRow): boolean => row.kind === 'node' || row.kind === 'listed';

const isOpenable = (row: TreeRow): row is Extract<TreeRow, { kind: 'node' | 'listed' }> => (row.kind === 'node' || row.kind === 'listed') && row.isDirectory;

function step(rows: readonly TreeRow[], from: number, direction: 1 | -1): TreeRow | undefined {
  for (let index = from + direction; index >= 0 && index < rows.length; index += direction) if (focusable(rows[index])) return rows[index];
  return undefined;
}

/**
 * The intent of `key` on the row at `index`: Up/Down move, Right opens a closed folder or enters an open one, Left
 * closes an open folder or goes to the parent, Home/End go to the first/last row, Enter and Space activate (open a
 * file, fold a folder), and a printable character moves to the next row whose name starts with it (wrapping).
 */
export function treeKeyIntent(rows: readonly TreeRow[], index: number, key: string): TreeKeyIntent | undefined {
  const row = rows[index];
  if (!row) return undefined;
  const focus = (target: TreeRow | undefined): TreeKeyIntent | undefined => (target && target !== row ? { kind: 'focus', key: target.key } : undefined);
  switch (key) {
    case 'ArrowDown':
      return focus(step(rows, index, 1));
    case 'ArrowUp':
      return focus(step(rows, index, -1));
    case 'Home':
      return focus(step(rows, -1, 1));
    case 'End':
      return focus(step(rows, rows.length, -1));
    case 'ArrowRight':
      if (!isOpenable(row)) return undefined;
      if (!row.expanded) return { kind: 'expand', key: row.key };
      return focus(step(rows, index, 1)?.parentKey === row.key ? step(rows, index, 1) : undefined);
    case 'ArrowLeft':
      if (isOpenable(row) && row.expanded) return { kind: 'collapse', key: row.key };
      return row.parentKey === undefined ? undefined : { kind: 'focus', key: row.parentKey };
    case 'Enter':
    case ' ':
      return focusable(row) ? { kind: 'activate', key: row.key } : undefined;
    default:
      return key.length === 1 && key.trim() !== '' ? focus(typeAhead(rows, index, key)) : undefined;
  }
}

/** The next focusable row after `index` (wrapping around) whose name starts with `prefix`, case-insensitively. */
export function typeAhead(rows: readonly TreeRow[], index: number, prefix: string): TreeRow | undefined {
  const wanted = prefix.toLocaleLowerCase();
  for (let offset = 1; offset <= rows.length; offset++) {
    const row = rows[(index + offset) % rows.length];
    if ((row.kind === 'node' || row.kind === 'listed') && row.name.toLocaleLowerCase().startsWith(wanted)) return row;
  }
  return undefined;
}
