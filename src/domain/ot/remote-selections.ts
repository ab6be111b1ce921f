import { OffsetSelection, transformSelection } from './selection-transform';
import type { TextOperation } from './text-operation';

/**
 * Other clients' selections as reported (`null`: a client has none any more) merged into `current`: each placed on
 * the local text by `place` and kept inside its `length`; `selfId`'s own are skipped. Returns a new map.
 */
export function mergeRemoteSelections(
  current: ReadonlyMap<string, OffsetSelection[]>,
  reported: Record<string, OffsetSelection[] | null>,
  selfId: string,
  place: (selection: OffsetSelection) => OffsetSelection,
  length: number,
): Map<string, OffsetSelection[]> {
  const next = new Map(current);
  for (const [clientId, ranges] of Object.entries(reported)) {
    if (clientId === selfId) continue;
    if (ranges) next.set(clientId, ranges.map((r) => clamp(place(r), length)));
    else next.delete(clientId);
  }
  return next;
}

/** Every client's selections moved through `op` (a change of the text they are on), kept inside its result. */
export function transformRemoteSelections(current: ReadonlyMap<string, OffsetSelection[]>, op: TextOperation): Map<string, OffsetSelection[]> {
  const next = new Map<string, OffsetSelection[]>();
  const length = op.targetLength;
  for (const [clientId, ranges] of current) next.set(clientId, ranges.map((r) => clamp(transformSelection(op, r), length)));
  return next;
}

/**
 * Selections carry no revision: one that overtook operations still waiting for their turn may point past the end.
 * They only place carets and highlights, so they are kept inside the text.
 */
function clamp(selection: OffsetSelection, length: number): OffsetSelection {
  return { anchor: Math.min(selection.anchor, length), head: Math.min(selection.head, length) };
}
