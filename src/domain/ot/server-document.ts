import { assert } from '../../base/assert';
import { type Result, err, ok } from '../../base/result';
import { ParticipantAcks } from './participant-acks';
import { type ServerDocumentError, serverDocumentErrors } from './server-document.errors';
import { TextBuffer } from './text-buffer';
import { TextOperation } from './text-operation';
import { otErrors } from './text-operation.errors';
import { checkOperation } from './text-validity';

export interface ServerDocumentOptions {
  /**
   * Hard cap on the history (default 50,000 operations). History is normally trimmed below the lowest revision
   * the participants acknowledged; only a participant that lags behind by more than this many operations loses
   * it (its next late operation is refused and it resyncs), so a stalled client cannot grow memory without bound.
   */
  readonly historyLimit?: number;
  /** Longest text, in UTF-16 code units; an operation that would grow the document past it is refused. */
  readonly maxLength?: number;
}

/** Who sent an operation: the client and its per-client sequence number (ShareDB's src/seq), for exactly-once. */
export interface OperationOrigin {
  readonly clientId: string;
  readonly seq?: number;
}

/** The last operation each client had applied: a re-sent copy is answered with this revision, never applied twice. */
export interface AppliedSeq {
  readonly seq: number;
  readonly revision: number;
}

export interface PreparedApply {
  readonly kind: 'apply';
  /** The operation transformed to the current revision. */
  readonly operation: TextOperation;
  /** The revision the document will have once it is applied. */
  readonly revision: number;
  readonly baseRevision: number;
  readonly origin: OperationOrigin | undefined;
}

export type Prepared = PreparedApply | { readonly kind: 'duplicate'; readonly revision: number };

export interface Applied {
  readonly kind: 'applied';
  readonly operation: TextOperation;
  readonly revision: number;
}

export type Received = Applied | { readonly kind: 'duplicate'; readonly revision: number };

const DEFAULT_HISTORY_LIMIT = 50_000;
/** Clients whose last applied sequence number is remembered, most recent first evicted last. */
const REMEMBERED_CLIENTS = 1000;

/**
 * The server's copy of one collaboratively edited document (protocol.md 4.2): the text, its revision (operations
 * applied since opening) and the history needed to transform operations based on older revisions.
 *
 * Each participant (a client with the file open) is tracked from the revision at which it opened the file; history
 * is kept from the lowest revision any current participant acknowledged, so an ordinary concurrent operation is
 * never refused for lack of history. An operation based on revision r also acknowledges r for its sender.
 */
export class ServerDocument {
  private readonly buffer: TextBuffer;
  private readonly historyLimit: number;
  private readonly maxLength: number;
  private current: number;
  /** history[head..] are the kept operations, oldest first; the slots before head are cleared. */
  private history: Array<TextOperation | undefined> = [];
  private head = 0;
  private readonly acks: ParticipantAcks;
  private readonly seqs = new Map<string, AppliedSeq>();
  private cachedText: string | undefined;

  constructor(text: string, revision = 0, options?: ServerDocumentOptions) {
    const historyLimit = options?.historyLimit ?? DEFAULT_HISTORY_LIMIT;
    assert(Number.isSafeInteger(revision) && revision >= 0, `ServerDocument: revision must be a non-negative integer, got ${revision}`);
    assert(Number.isSafeInteger(historyLimit) && historyLimit >= 0, `ServerDocument: historyLimit must be a non-negative integer, got ${historyLimit}`);
    this.buffer = new TextBuffer(text);
    this.current = revision;
    this.historyLimit = historyLimit;
    this.maxLength = options?.maxLength ?? Number.MAX_SAFE_INTEGER;
    this.acks = new ParticipantAcks(revision);
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

  /** How many operations the history holds. */
  get historyLength(): number {
    return this.history.length - this.head;
  }

  /** The oldest revision an incoming operation may be based on. */
  get oldestRevision(): number {
    return this.current - this.historyLength;
  }

  isParticipant(clientId: string): boolean {
    return this.acks.has(clientId);
  }

  /** A client opened the document; it will see every operation after the current revision. */
  join(clientId: string): void {
    this.acks.join(clientId, this.current);
    this.trimHistory();
  }

  /** The client closed the document: its acknowledgements no longer hold history back. */
  leave(clientId: string): void {
    this.acks.leave(clientId);
    this.trimHistory();
  }

  /** Records that `clientId` has seen every operation up to `revision`; ignored unless it participates. */
  acknowledge(clientId: string, revision: number): void {
    if (!Number.isSafeInteger(revision)) return;
    this.acks.acknowledge(clientId, Math.min(revision, this.current));
    this.trimHistory();
  }

  /** The operation `clientId` last had applied, if remembered. */
  appliedSeq(clientId: string): AppliedSeq | undefined {
    return this.seqs.get(clientId);
  }

  /** Every remembered client's last applied operation (for journal snapshots). */
  appliedSeqs(): ReadonlyMap<string, AppliedSeq> {
    return this.seqs;
  }

  /** Restores remembered sequence numbers (journal recovery). */
  rememberSeq(clientId: string, applied: AppliedSeq): void {
    this.seqs.delete(clientId);
    this.seqs.set(clientId, applied);
    if (this.seqs.size > REMEMBERED_CLIENTS) this.seqs.delete(this.seqs.keys().next().value as string);
  }

  /**
   * Takes a client operation based on `revision`: a copy of an operation already applied for the same origin and
   * sequence number is answered with its original revision; otherwise the operation is transformed against every
   * later operation in history (the incoming operation as first argument), checked, applied and recorded.
   */
  receive(revision: number, op: TextOperation, origin?: OperationOrigin): Result<Received, ServerDocumentError> {
    const prepared = this.prepare(revision, op, origin);
    if (!prepared.ok) return prepared;
    const value = prepared.value;
    return ok(value.kind === 'duplicate' ? value : this.commit(value));
  }

  /**
   * The first half of `receive`: everything but the change. Nothing may change the document between `prepare` and
   * `commit` (the caller makes the change durable in between, and commits synchronously).
   */
  prepare(revision: number, op: TextOperation, origin?: OperationOrigin): Result<Prepared, ServerDocumentError> {
    const known = origin?.seq !== undefined ? this.seqs.get(origin.clientId) : undefined;
    if (known && origin?.seq !== undefined && origin.seq <= known.seq) {
      if (origin.seq === known.seq) return ok({ kind: 'duplicate', revision: known.revision });
      return err(serverDocumentErrors.staleSeq(origin.seq, known.seq));
    }
    const transformed = this.transformToCurrent(revision, op);
    if (!transformed.ok) return transformed;
    const applied = transformed.value;
    if (applied.targetLength > this.maxLength) return err(serverDocumentErrors.tooLarge(applied.targetLength, this.maxLength));
    const valid = checkOperation(applied, (index) => this.buffer.charCodeAt(index));
    if (!valid.ok) return valid;
    return ok({ kind: 'apply', operation: applied, revision: this.current + 1, baseRevision: revision, origin });
  }

  /** Applies a prepared operation; returns what `receive` returns. */
  commit(prepared: PreparedApply): Applied {
    assert(prepared.revision === this.current + 1, `ServerDocument.commit: prepared for revision ${prepared.revision}, document is at ${this.current}`);
    this.apply(prepared.operation);
    const origin = prepared.origin;
    if (origin) {
      // A client's operations are never based on a revision older than one it already built on.
      this.acks.acknowledge(origin.clientId, prepared.baseRevision);
      if (origin.seq !== undefined) this.rememberSeq(origin.clientId, { seq: origin.seq, revision: this.current });
    }
    this.trimHistory();
    return { kind: 'applied', operation: prepared.operation, revision: this.current };
  }

  private transformToCurrent(revision: number, op: TextOperation): Result<TextOperation, ServerDocumentError> {
    const current = this.current;
    if (!Number.isSafeInteger(revision) || revision < 0 || revision > current) {
      return err(serverDocumentErrors.revisionOutOfRange(revision, current));
    }
    if (revision === current) {
      return op.baseLength === this.buffer.length ? ok(op) : err(otErrors.baseLengthMismatch(op.baseLength, this.buffer.length));
    }
    const oldest = this.oldestRevision;
    if (revision < oldest) return err(serverDocumentErrors.revisionTooOld(revision, oldest));
    const history = this.history;
    const first = this.head + (revision - oldest);
    const baseLength = (history[first] as TextOperation).baseLength;
    if (op.baseLength !== baseLength) return err(otErrors.baseLengthMismatch(op.baseLength, baseLength));
    let transformed = op;
    for (let i = first; i < history.length; i++) {
      const pair = TextOperation.transform(transformed, history[i] as TextOperation);
      if (!pair.ok) return pair;
      transformed = pair.value[0];
    }
    return ok(transformed);
  }

  private apply(op: TextOperation): void {
    this.buffer.apply(op);
    this.cachedText = undefined;
    this.current += 1;
    this.history.push(op);
  }

  private trimHistory(): void {
    let floor = this.acks.floor(this.current);
    const cap = this.current - this.historyLimit;
    if (cap > floor) {
      // A participant lags by more than the hard cap: it loses its history and will resync.
      for (const clientId of this.acks.below(cap)) this.acks.acknowledge(clientId, cap);
      floor = this.acks.floor(this.current);
    }
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
