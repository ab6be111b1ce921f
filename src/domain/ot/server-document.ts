import { assert } from '../../base/assert';
import { type Result, err, ok } from '../../base/result';
import { type ServerDocumentError, serverDocumentErrors } from './server-document.errors';
import { TextBuffer } from './text-buffer';
import { TextOperation } from './text-operation';
import { otErrors } from './text-operation.errors';

export interface ServerDocumentOptions {
  /** Most operations kept for transforming late operations (default 100). */
  readonly historyLimit?: number;
}

const DEFAULT_HISTORY_LIMIT = 100;

/**
 * The server's copy of one collaboratively edited document (protocol.md 4.2): the text, its revision (operations
 * applied since opening) and a bounded history used to transform operations based on older revisions.
 * History kept: operations from revision max(revision − historyLimit, lowest revision acked by any known client) on.
 */
export class ServerDocument {
  private readonly buffer: TextBuffer;
  private readonly historyLimit: number;
  private current: number;
  /** history[head..] are the kept operations, oldest first; the slots before head are cleared. */
  private history: Array<TextOperation | undefined> = [];
  private head = 0;
  private readonly acks = new Map<string, number>();
  private lowestAck: number | undefined;
  private cachedText: string | undefined;

  constructor(text: string, revision = 0, options?: ServerDocumentOptions) {
    const historyLimit = options?.historyLimit ?? DEFAULT_HISTORY_LIMIT;
    assert(Number.isSafeInteger(revision) && revision >= 0, `ServerDocument: revision must be a non-negative integer, got ${revision}`);
    assert(Number.isSafeInteger(historyLimit) && historyLimit >= 0, `ServerDocument: historyLimit must be a non-negative integer, got ${historyLimit}`);
    this.buffer = new TextBuffer(text);
    this.current = revision;
    this.historyLimit = historyLimit;
    this.cachedText = text;
  }

  /** Number of operations applied since the document was opened (plus the initial revision). */
  get revision(): number {
    return this.current;
  }

  /** Length in UTF-16 code units. */
  get length(): number {
    return this.buffer.length;
  }

  /** The current text, materialised once and cached until the next change. */
  get text(): string {
    if (this.cachedText === undefined) this.cachedText = this.buffer.toString();
    return this.cachedText;
  }

  /** How many operations the history holds (never more than historyLimit). */
  get historyLength(): number {
    return this.history.length - this.head;
  }

  /** The oldest revision an incoming operation may be based on. */
  get oldestRevision(): number {
    return this.current - this.historyLength;
  }

  /**
   * Takes a client operation based on `revision`: transforms it against every later operation in history (the
   * incoming operation as first argument), applies it and records it. Returns the operation actually applied, to
   * broadcast to the other clients.
   */
  receive(revision: number, op: TextOperation): Result<TextOperation, ServerDocumentError> {
    const current = this.current;
    if (!Number.isSafeInteger(revision) || revision < 0 || revision > current) {
      return err(serverDocumentErrors.revisionOutOfRange(revision, current));
    }
    let applied = op;
    if (revision < current) {
      const oldest = this.oldestRevision;
      if (revision < oldest) return err(serverDocumentErrors.revisionTooOld(revision, oldest));
      const history = this.history;
      const first = this.head + (revision - oldest);
      const baseLength = (history[first] as TextOperation).baseLength;
      if (op.baseLength !== baseLength) return err(otErrors.baseLengthMismatch(op.baseLength, baseLength));
      for (let i = first; i < history.length; i++) {
        const pair = TextOperation.transform(applied, history[i] as TextOperation);
        if (!pair.ok) return pair;
        applied = pair.value[0];
      }
    } else if (op.baseLength !== this.buffer.length) {
      return err(otErrors.baseLengthMismatch(op.baseLength, this.buffer.length));
    }
    this.applyToBuffer(applied);
    this.cachedText = undefined;
    this.current = current + 1;
    this.history.push(applied);
    this.trimHistory();
    return ok(applied);
  }

  /** Records that `clientId` has seen every operation up to `revision`, which lets history before it go. */
  acknowledge(clientId: string, revision: number): void {
    if (!Number.isSafeInteger(revision)) return;
    const clamped = Math.min(Math.max(revision, 0), this.current);
    this.acks.set(clientId, clamped);
    this.recomputeLowestAck();
    this.trimHistory();
  }

  /** The client closed the document: its acknowledgements no longer hold history back. */
  forgetClient(clientId: string): void {
    if (!this.acks.delete(clientId)) return;
    this.recomputeLowestAck();
    this.trimHistory();
  }

  private applyToBuffer(op: TextOperation): void {
    const buffer = this.buffer;
    const ops = op.ops;
    let pos = 0;
    for (let i = 0; i < ops.length; i++) {
      const c = ops[i];
      if (typeof c === 'string') {
        buffer.insert(pos, c);
        pos += c.length;
      } else if (c > 0) {
        pos += c;
      } else {
        buffer.delete(pos, -c);
      }
    }
  }

  private recomputeLowestAck(): void {
    let lowest: number | undefined;
    for (const revision of this.acks.values()) {
      if (lowest === undefined || revision < lowest) lowest = revision;
    }
    this.lowestAck = lowest;
  }

  private trimHistory(): void {
    let floor = this.current - this.historyLimit;
    if (this.lowestAck !== undefined && this.lowestAck > floor) floor = this.lowestAck;
    let drop = floor - this.oldestRevision;
    if (drop <= 0) return;
    const history = this.history;
    while (drop-- > 0) history[this.head++] = undefined;
    if (this.head >= 64 && this.head * 2 >= history.length) {
      this.history = history.slice(this.head);
      this.head = 0;
    }
  }
}
