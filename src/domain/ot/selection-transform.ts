import type { TextOperation } from './text-operation';

/** A selection as two UTF-16 offsets: `anchor` stays fixed, `head` is where the cursor is (equal for a cursor). */
export interface OffsetSelection {
  anchor: number;
  head: number;
}

/**
 * Moves an offset through `op` (ot.js `Range.transform` semantics): text inserted before the offset shifts it right,
 * text deleted before it shifts it left, an offset inside a deleted span lands at the span's start.
 * `ownInsertAfter` (default true, as ot.js) decides an insert exactly at the offset: true moves the offset past the
 * inserted text, false leaves it in front.
 */
export function transformIndex(op: TextOperation, index: number, ownInsertAfter = true): number {
  const ops = op.ops;
  let remaining = index;
  let result = index;
  for (let i = 0; i < ops.length; i++) {
    const c = ops[i];
    if (typeof c === 'string') {
      if (remaining === 0 && !ownInsertAfter) break;
      result += c.length;
    } else if (c > 0) {
      remaining -= c;
    } else {
      result -= Math.min(remaining, -c);
      remaining += c;
    }
    if (remaining < 0) break;
  }
  return result;
}

/** Transforms both ends of a selection through `op` (ot.js `Selection.transform`); returns a new selection. */
export function transformSelection(op: TextOperation, selection: OffsetSelection): OffsetSelection {
  const anchor = transformIndex(op, selection.anchor);
  if (selection.anchor === selection.head) return { anchor, head: anchor };
  return { anchor, head: transformIndex(op, selection.head) };
}
