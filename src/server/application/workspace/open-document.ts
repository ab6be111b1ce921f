import { murmurHash } from '../../../domain/hash/murmur';
import { ServerDocument } from '../../../domain/ot/server-document';
import { transformSelection } from '../../../domain/ot/selection-transform';
import { TextOperation } from '../../../domain/ot/text-operation';
import { WireSelection } from '../../../protocol';
import { ClientSession } from './client-session';
import { HandlerResult } from './handler-result';

/**
 * What the journal holds for a document: nothing, a snapshot that points at the saved file (`clean`), or a snapshot
 * with text plus a tail of operations (`dirty`). The first operation after `none` or `clean` writes a full snapshot.
 */
export type JournalMode = 'none' | 'clean' | 'dirty';

/** A text file held in memory: its OT document, participants and their selections, and its state on disk. */
export class OpenDocument {
  readonly participants = new Map<string, ClientSession>();
  readonly selections = new Map<string, WireSelection[] | null>();
  journal: JournalMode;
  /** Bytes appended to the journal since its last snapshot. */
  tailBytes = 0;
  /** The last save or disk reconciliation of this file; the next one starts after it (one at a time per file). */
  private queue: Promise<unknown> = Promise.resolve();
  /** Saves and reconciliations queued or running (exclusive). */
  private tasks = 0;
  evictTimer: ReturnType<typeof setTimeout> | undefined;
  /**
   * Set when a change on disk could not be merged and the document was closed for editing (it has then left the
   * hub): what the saves and disk merges queued behind that change are refused with.
   */
  closed: HandlerResult<never> | undefined;

  constructor(
    readonly fileId: string,
    readonly document: ServerDocument,
    /** The file's text on disk as the server last read or wrote it: the base for merging changes made on disk. */
    public diskText: string,
    public savedHash: string,
    journal: JournalMode,
  ) {
    this.journal = journal;
  }

  /** True when `session` (not a replaced session of the same client) has the document open. */
  has(session: ClientSession): boolean {
    return this.participants.get(session.clientId) === session;
  }

  join(session: ClientSession): void {
    this.participants.set(session.clientId, session);
    this.document.join(session.clientId);
    if (!this.selections.has(session.clientId)) this.selections.set(session.clientId, null);
  }

  leave(clientId: string): void {
    this.participants.delete(clientId);
    this.selections.delete(clientId);
    this.document.leave(clientId);
  }

  /** True when the text differs from the file on disk (computed from the whole text: not for hot paths). */
  get hasUnsavedChanges(): boolean {
    return murmurHash(this.document.text) !== this.savedHash;
  }

  /** True while a save or reconciliation of this file is queued or running. */
  get isBusy(): boolean {
    return this.tasks > 0;
  }

  /** Resolves once every save and reconciliation queued so far has finished (whatever its result). */
  settled(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  /** Runs `task` after every earlier save or reconciliation of this file has finished. */
  exclusive<T>(task: () => Promise<T>): Promise<T> {
    this.tasks++;
    const run = this.queue.then(task, task).finally(() => this.tasks--);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Moves every stored selection through an applied operation. */
  transformSelections(op: TextOperation): void {
    for (const [clientId, ranges] of this.selections) {
      if (ranges) this.selections.set(clientId, ranges.map((r) => transformSelection(op, r)));
    }
  }

  all(): ClientSession[] {
    return [...this.participants.values()];
  }

  others(session: ClientSession): ClientSession[] {
    const out: ClientSession[] = [];
    for (const p of this.participants.values()) if (p !== session) out.push(p);
    return out;
  }

  clientsJSON(): Record<string, { username: string }> {
    const out: Record<string, { username: string }> = {};
    for (const p of this.participants.values()) out[p.clientId] = { username: p.json.username };
    return out;
  }

  selectionsJSON(): Record<string, WireSelection[] | null> {
    return Object.fromEntries(this.selections);
  }
}
