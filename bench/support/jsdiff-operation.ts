/**
 * The contender of bench/line-diff.bench.ts: src/domain/ot/line-diff.ts's diffOperation as it would be with its Myers
 * core replaced by the `diff` package (jsdiff's diffLines). Everything around the core is the same as ours, so the
 * two differ only in the line diff: the same line-aligned common prefix and suffix are cut off first (jsdiff does not
 * do that itself), jsdiff diffs the middle's lines with `maxEditLength` as our `maxEditDistance` (past it, one hunk),
 * and each changed region is refined to characters the same way (common prefix and suffix, never inside a
 * surrogate pair).
 */
import { diffLines } from 'diff';
import { TextOperation } from '../../src/domain/ot/text-operation';

const MAX_EDIT_DISTANCE = 4000;

export function jsdiffOperation(from: string, to: string): TextOperation {
  const [start, suffix] = changedMiddle(from, to);
  const fromEnd = from.length - suffix;
  const toEnd = to.length - suffix;
  const op = new TextOperation().retain(start);
  const oneSided = start === fromEnd || start === toEnd;
  const changes = oneSided ? undefined : diffLines(from.slice(start, fromEnd), to.slice(start, toEnd), { maxEditLength: MAX_EDIT_DISTANCE });
  if (changes === undefined) {
    appendReplacement(op, from, start, fromEnd, to, start, toEnd);
    return op.retain(suffix);
  }
  // Walk the changes: runs of added/removed parts between two unchanged parts form one hunk.
  let fromAt = start;
  let toAt = start;
  let hunk: { fromStart: number; toStart: number } | undefined;
  let cursor = start;
  const flush = () => {
    if (hunk === undefined) return;
    op.retain(hunk.fromStart - cursor);
    appendReplacement(op, from, hunk.fromStart, fromAt, to, hunk.toStart, toAt);
    cursor = fromAt;
    hunk = undefined;
  };
  for (const change of changes) {
    if (change.added || change.removed) {
      hunk ??= { fromStart: fromAt, toStart: toAt };
      if (change.added) toAt += change.value.length;
      else fromAt += change.value.length;
    } else {
      flush();
      fromAt += change.value.length;
      toAt += change.value.length;
    }
  }
  flush();
  return op.retain(from.length - cursor);
}

const LF = 10;
const isLineStart = (text: string, offset: number) => offset === 0 || text.charCodeAt(offset - 1) === LF;

function changedMiddle(from: string, to: string): [number, number] {
  const [prefix, suffix] = commonEnds(from, 0, from.length, to, 0, to.length);
  const start = isLineStart(from, prefix) ? prefix : from.lastIndexOf('\n', prefix - 1) + 1;
  if (isLineStart(from, from.length - suffix) && isLineStart(to, to.length - suffix)) return [start, suffix];
  const newline = from.indexOf('\n', from.length - suffix);
  return [start, newline === -1 ? 0 : from.length - newline - 1];
}

function commonEnds(from: string, fromStart: number, fromEnd: number, to: string, toStart: number, toEnd: number): [number, number] {
  const max = Math.min(fromEnd - fromStart, toEnd - toStart);
  let prefix = 0;
  while (prefix < max && from.charCodeAt(fromStart + prefix) === to.charCodeAt(toStart + prefix)) prefix++;
  let suffix = 0;
  while (suffix < max - prefix && from.charCodeAt(fromEnd - 1 - suffix) === to.charCodeAt(toEnd - 1 - suffix)) suffix++;
  if (prefix > 0 && isHighSurrogate(from.charCodeAt(fromStart + prefix - 1))) prefix--;
  if (suffix > 0 && isLowSurrogate(from.charCodeAt(fromEnd - suffix))) suffix--;
  return [prefix, suffix];
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

function appendReplacement(op: TextOperation, from: string, fromStart: number, fromEnd: number, to: string, toStart: number, toEnd: number): void {
  const [prefix, suffix] = commonEnds(from, fromStart, fromEnd, to, toStart, toEnd);
  op.retain(prefix)
    .insert(to.slice(toStart + prefix, toEnd - suffix))
    .delete(fromEnd - fromStart - prefix - suffix)
    .retain(suffix);
}
