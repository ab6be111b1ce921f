import { assert } from '../../base/assert';
import type { TextOperation } from './text-operation';

/** Chunks grow up to this many UTF-16 units before they are split. */
const MAX_CHUNK = 2048;
/** Size of the chunks a long text is cut into. */
const TARGET_CHUNK = 1024;
/** A chunk shorter than this is merged with a neighbour when the result fits in MAX_CHUNK. */
const MIN_CHUNK = 256;

/**
 * A text store for large documents with cheap small edits: the text is an array of chunks of at most MAX_CHUNK
 * UTF-16 units, so an edit rebuilds one small chunk instead of the whole string. A cursor remembers the last
 * chunk touched, making runs of nearby edits (typing) O(1) to locate. Offsets and counts are UTF-16 code units;
 * out-of-range arguments are broken invariants and throw.
 */
export class TextBuffer {
  private readonly chunks: string[];
  private total = 0;
  /** Index of the cursor chunk and the offset where it starts; valid whenever chunks is non-empty. */
  private cursorIndex = 0;
  private cursorStart = 0;

  constructor(text: string) {
    this.chunks = cut(text);
    this.total = text.length;
  }

  get length(): number {
    return this.total;
  }

  insert(pos: number, text: string): void {
    assert(Number.isInteger(pos) && pos >= 0 && pos <= this.total, `TextBuffer.insert: position ${pos} outside 0..${this.total}`);
    const count = text.length;
    if (count === 0) return;
    const chunks = this.chunks;
    if (chunks.length === 0) {
      chunks.push(...cut(text));
      this.total = count;
      this.cursorIndex = 0;
      this.cursorStart = 0;
      return;
    }
    this.seek(pos);
    const index = this.cursorIndex;
    const chunk = chunks[index];
    const offset = pos - this.cursorStart;
    const updated = offset === chunk.length ? chunk + text : offset === 0 ? text + chunk : chunk.slice(0, offset) + text + chunk.slice(offset);
    this.total += count;
    if (updated.length <= MAX_CHUNK) {
      chunks[index] = updated;
    } else {
      chunks.splice(index, 1, ...cut(updated));
    }
  }

  delete(pos: number, count: number): void {
    assert(
      Number.isInteger(pos) && Number.isInteger(count) && pos >= 0 && count >= 0 && pos + count <= this.total,
      `TextBuffer.delete: range ${pos}+${count} outside 0..${this.total}`,
    );
    if (count === 0) return;
    const chunks = this.chunks;
    this.seek(pos);
    let index = this.cursorIndex;
    let offset = pos - this.cursorStart;
    if (offset === chunks[index].length) {
      // pos sits at the end of the cursor chunk: the deleted text starts in the next one.
      this.cursorStart += chunks[index].length;
      this.cursorIndex = ++index;
      offset = 0;
    }
    this.total -= count;
    const first = chunks[index];
    if (offset + count < first.length) {
      chunks[index] = offset === 0 ? first.slice(count) : first.slice(0, offset) + first.slice(offset + count);
      if (chunks[index].length < MIN_CHUNK) this.mergeAround(index);
      return;
    }
    // The range runs to the end of the first chunk and maybe over whole chunks into a last partial one.
    let remaining = count - (first.length - offset);
    const head = first.slice(0, offset);
    let end = index + 1;
    while (remaining > 0 && chunks[end].length <= remaining) {
      remaining -= chunks[end].length;
      end++;
    }
    let tail = '';
    if (remaining > 0) {
      tail = chunks[end].slice(remaining);
      end++;
    }
    const joined = head + tail;
    if (joined.length === 0) {
      chunks.splice(index, end - index);
      if (index >= chunks.length) this.resetCursor();
    } else {
      chunks.splice(index, end - index, joined);
      if (joined.length < MIN_CHUNK) this.mergeAround(index);
    }
  }

  /** The text between `start` (inclusive) and `end` (exclusive). */
  slice(start: number, end: number = this.total): string {
    assert(
      Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start <= end && end <= this.total,
      `TextBuffer.slice: range ${start}..${end} outside 0..${this.total}`,
    );
    if (start === end) return '';
    this.seek(start);
    const chunks = this.chunks;
    let index = this.cursorIndex;
    let chunkStart = this.cursorStart;
    if (start - chunkStart === chunks[index].length) {
      chunkStart += chunks[index].length;
      index++;
    }
    let result = '';
    while (chunkStart < end) {
      const chunk = chunks[index];
      result += chunk.slice(Math.max(0, start - chunkStart), Math.min(chunk.length, end - chunkStart));
      chunkStart += chunk.length;
      index++;
    }
    return result;
  }

  /** Applies an operation whose base length is this buffer's length, in place: O(components + edit). */
  apply(op: TextOperation): void {
    assert(op.baseLength === this.total, `TextBuffer.apply: operation base length ${op.baseLength}, buffer length ${this.total}`);
    let pos = 0;
    for (const c of op.ops) {
      if (typeof c === 'string') {
        this.insert(pos, c);
        pos += c.length;
      } else if (c > 0) {
        pos += c;
      } else {
        this.delete(pos, -c);
      }
    }
  }

  /** The UTF-16 code unit at `index` (0 <= index < length); O(1) near the last position touched. */
  charCodeAt(index: number): number {
    assert(Number.isInteger(index) && index >= 0 && index < this.total, `TextBuffer.charCodeAt: index ${index} outside 0..${this.total - 1}`);
    this.seek(index);
    let chunk = this.chunks[this.cursorIndex];
    let offset = index - this.cursorStart;
    if (offset === chunk.length) {
      chunk = this.chunks[this.cursorIndex + 1];
      offset = 0;
    }
    return chunk.charCodeAt(offset);
  }

  toString(): string {
    return this.chunks.join('');
  }

  /** Number of chunks (for tests and diagnostics). */
  get chunkCount(): number {
    return this.chunks.length;
  }

  /** Moves the cursor to the chunk with start <= pos <= start + length (requires a non-empty buffer). */
  private seek(pos: number): void {
    const chunks = this.chunks;
    let index = this.cursorIndex;
    let start = this.cursorStart;
    if (pos < start) {
      if (pos < start - pos) {
        index = 0;
        start = 0;
      } else {
        do {
          index--;
          start -= chunks[index].length;
        } while (pos < start);
        this.cursorIndex = index;
        this.cursorStart = start;
        return;
      }
    } else if (pos - start > this.total - pos && pos > start + chunks[index].length) {
      // Closer to the end: walk backwards from the last chunk.
      index = chunks.length - 1;
      start = this.total - chunks[index].length;
      while (pos < start) {
        index--;
        start -= chunks[index].length;
      }
      this.cursorIndex = index;
      this.cursorStart = start;
      return;
    }
    let length = chunks[index].length;
    while (pos > start + length) {
      start += length;
      index++;
      length = chunks[index].length;
    }
    this.cursorIndex = index;
    this.cursorStart = start;
  }

  /** Merges the short chunk at `index` into a neighbour when the result stays small; keeps the cursor valid. */
  private mergeAround(index: number): void {
    const chunks = this.chunks;
    const chunk = chunks[index];
    if (index + 1 < chunks.length && chunk.length + chunks[index + 1].length <= MAX_CHUNK) {
      chunks.splice(index, 2, chunk + chunks[index + 1]);
      if (this.cursorIndex !== index) this.resetCursor();
    } else if (index > 0 && chunk.length + chunks[index - 1].length <= MAX_CHUNK) {
      const previous = chunks[index - 1];
      chunks.splice(index - 1, 2, previous + chunk);
      if (this.cursorIndex === index) {
        this.cursorIndex = index - 1;
        this.cursorStart -= previous.length;
      } else {
        this.resetCursor();
      }
    }
  }

  private resetCursor(): void {
    this.cursorIndex = 0;
    this.cursorStart = 0;
  }
}

/** Cuts `text` into chunks of TARGET_CHUNK units (none for ''). */
function cut(text: string): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += TARGET_CHUNK) pieces.push(text.slice(i, i + TARGET_CHUNK));
  return pieces;
}
