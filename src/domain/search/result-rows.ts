/**
 * A two-level result tree (search results, problems) as the flat list of rows a keyboard walks: each group's row,
 * then its items' rows unless the group is collapsed.
 */
export interface RowGroup<I> {
  readonly key: string;
  readonly items: readonly I[];
}

export type ResultRow<G extends RowGroup<I>, I> =
  | { readonly kind: 'group'; readonly key: string; readonly group: G; readonly expanded: boolean }
  | { readonly kind: 'item'; readonly key: string; readonly group: G; readonly item: I; readonly index: number };

export function resultRows<G extends RowGroup<I>, I>(groups: readonly G[], collapsed: ReadonlySet<string>): ResultRow<G, I>[] {
  const rows: ResultRow<G, I>[] = [];
  for (const group of groups) {
    const expanded = !collapsed.has(group.key);
    rows.push({ kind: 'group', key: group.key, group, expanded });
    if (expanded) group.items.forEach((item, index) => rows.push({ kind: 'item', key: `${group.key}\u0000${index}`, group, item, index }));
  }
  return rows;
}
