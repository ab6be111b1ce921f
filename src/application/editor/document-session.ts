import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import { Emitter } from '../../base/event';
import { Disposable } from '../../base/lifecycle';
import { murmurHash } from '../../domain/hash/murmur';
import { ClientSync } from '../../domain/ot/client-sync';
import { diffOperation } from '../../domain/ot/line-diff';
import { rebase } from '../../domain/ot/rebase';
import { OffsetSelection, transformSelection } from '../../domain/ot/selection-transform';
import { TextBuffer } from '../../domain/ot/text-buffer';
import { TextOperation } from '../../domain/ot/text-operation';
import { stripInvalidInserts } from '../../domain/ot/text-validity';
import { DocumentsPort, OpenedDocument } from '../ports/documents.port';
import { PortError } from '../ports/port-error';
import { BufferedLocalText, LocalText } from './local-text';
import { AckSchedule } from './ack-schedule';
import { InFlight, Outcome, outcomeOf } from './in-flight';
import { QuietTimer } from './quiet-timer';

/**
 * Named states of a document's link to the server (spec 002 §4: SYNCED or RESYNCING). OUT_OF_SYNC: a resync failed
 * for a reason other than the connection (e.g. the file is gone); local edits are kept, nothing is sent.
 */
export type DocumentLinkState = 'SYNCED' | 'RESYNCING' | 'OUT_OF_SYNC';

/** Remote revisions are acknowledged at most this often (one frame per client per window, not one per operation). */
export const ACK_DEBOUNCE_MS = 1000;
/** The content hash behind the dirty marker is computed after this much quiet. */
export const HASH_DEBOUNCE_MS = 300;
const RESYNC_ATTEMPTS = 3;
/** Beyond this many operations waiting for their turn, the resync's content is relied on instead. */
const MAX_EARLY_OPERATIONS = 10_000;
const RESYNC_BACKOFF_MS = 500;

/** Numbers a client's operations across all its documents and reconnects (the exactly-once `seq`). */
export interface SequenceSource {
  next(): number;
}

export interface DocumentSessionOptions {
  readonly selfId: string;
  readonly seqs: SequenceSource;
  readonly onError: (message: string) => void;
  /** A local edit while SYNCED (spec 002 §4: such edits are sent as operations and stop following). */
  readonly onLocalEdit?: () => void;
}

/** Local edits the server may not have, while the document is not SYNCED. */
interface Unconfirmed {
  /** The operation last sent, on `serverText`, and what became of it. */
  outstanding: { operation: TextOperation; flight: InFlight | undefined; fate: 'unknown' | 'applied' | 'not-applied' | 'refused' } | undefined;
  /** Everything edited after it. */
  rest: TextOperation | undefined;
}

/**
 * One open text file on this client. The editor's model holds the text; the session keeps what OT needs: the
 * client state machine, the server's text at the client's revision (for resync) and the operation in flight.
 * Every keystroke and every remote operation costs O(edit); the content hash is computed lazily.
 */
export class DocumentSession {
  savedHash: string;
  /** murmur of the text, computed lazily (HASH_DEBOUNCE_MS after the last change, or on demand). */
  contentHash: string;
  linkState: DocumentLinkState = 'SYNCED';
  remoteSelections: ReadonlyMap<string, OffsetSelection[]> = new Map();
  /** Bumped by every change of the text. */
  version = 0;
  /** The version whose text is known to have `savedHash`, if any. */
  private cleanVersion: number | undefined = 0;

  private local: LocalText;
  /** True while a view holds the text (its edits arrive already applied). */
  private hasView = false;
  private serverText: TextBuffer;
  private sync: ClientSync;
  private inFlight: InFlight | undefined;
  private unconfirmed: Unconfirmed | undefined;
  /** Remote operations that arrived before the revision they follow, by revision. */
  private readonly early = new Map<number, TextOperation>();
  private resyncing: Promise<void> | undefined;
  private readonly acks: AckSchedule;
  private readonly hashTimer = new QuietTimer(() => !this.disposed && this.refreshContentHash());
  private disposed = false;
  /** Set when the local text stopped matching the tracked operations; the next resync resets to the server's text. */
  private trackingLost = false;
  /** The side the user chose for an out-of-sync document (see reset), until a resync carried it out. */
  private resetSource: 'client' | 'server' | undefined;
  private readonly remoteEdits = new Emitter<TextOperation>();
  /** Fires after each change that did not come from the view (remote edits, resync and other corrections). */
  readonly onDidApplyRemote = this.remoteEdits.event;

  /** Where the file is now (see movedTo). */
  private where: string;

  constructor(
    readonly fileId: string,
    path: string,
    opened: OpenedDocument,
    private readonly documents: DocumentsPort,
    private readonly options: DocumentSessionOptions,
  ) {
    this.where = path;
    this.local = new BufferedLocalText(opened.content);
    this.serverText = new TextBuffer(opened.content);
    this.sync = new ClientSync(opened.revision);
    this.acks = new AckSchedule(
      opened.revision,
      ACK_DEBOUNCE_MS,
      () => (this.linkState === 'SYNCED' && !this.disposed ? this.sync.revision : undefined),
      (revision) => void this.documents.acknowledge(this.fileId, revision).catch(() => undefined),
    );
    this.savedHash = opened.savedHash;
    this.contentHash = murmurHash(opened.content);
    if (this.contentHash !== this.savedHash) this.cleanVersion = undefined;
    this.setRemoteSelections(opened.selections);
    makeObservable<DocumentSession, 'where' | 'cleanVersion' | 'setRemoteSelections' | 'changed' | 'hashed'>(this, {
      where: observable,
      movedTo: action,
      contentHash: observable,
      savedHash: observable,
      linkState: observable,
      remoteSelections: observable.ref,
      version: observable,
      cleanVersion: observable,
      isDirty: computed,
      markSaved: action,
      receiveSelections: action,
      forgetClient: action,
      setRemoteSelections: action,
      changed: action,
      hashed: action,
    });
  }

  /**
   * The file's workspace path ('src/App.tsx'): the one it was opened with until the file, or a folder above it, is
   * renamed or moved (movedTo). Views name their model after it; error messages name the file by it.
   */
  get path(): string {
    return this.where;
  }

  /**
   * The file was renamed or moved, or a folder above it was (by this client, another one or on the disk): the
   * document goes by `path` from now on. Only the name changes: the text, the revision, the operation in flight and
   * the edits not yet sent are the file id's, which a move keeps (file/* speaks of ids, not paths).
   */
  movedTo(path: string): void {
    this.where = path;
  }

  /** The text (O(document): for views attaching, tests and resync, never per keystroke). */
  get content(): string {
    return this.local.getText();
  }

  get length(): number {
    return this.local.length;
  }

  /** Dirty at once when the text changes; clean again once its hash equals the saved hash (spec 002 §3). */
  get isDirty(): boolean {
    return this.version !== this.cleanVersion;
  }

  /** True when the server has every local edit (saving waits for this). */
  get isSynchronized(): boolean {
    return this.linkState === 'SYNCED' && this.sync.state.kind === 'synchronized';
  }

  /** The revision of the server's document this client is at. */
  get revision(): number {
    return this.sync.revision;
  }

  /**
   * A view takes over the text: it must hold `content` now. Its edits come in through applyLocal, remote edits go
   * out through onDidApplyRemote. Disposing the result hands the text back to a buffer.
   */
  attachView(view: LocalText): Disposable {
    this.local = view;
    this.hasView = true;
    return {
      dispose: () => {
        if (this.local !== view) return;
        this.local = new BufferedLocalText(view.getText());
        this.hasView = false;
      },
    };
  }

  /**
   * An edit Bullpen makes for the user (format on save, accepting a conflict block): shown in the view if one is
   * attached, then sent like the user's own edit.
   */
  applyEdit(op: TextOperation): void {
    if (this.hasView) this.local.apply(op);
    this.applyLocal(op);
  }

  /**
   * The user edited the text; `op` applies to the text before the edit. An attached view already shows the result;
   * without a view the session's own buffer is changed.
   */
  applyLocal(op: TextOperation): void {
    if (!this.hasView) this.local.apply(op);
    if (this.linkState === 'SYNCED') this.options.onLocalEdit?.();
    const stripped = stripInvalidInserts(op);
    if (stripped) {
      // NUL and unpaired surrogates cannot be stored unchanged: they are taken out again, and the user is told.
      this.options.onError('Text with NUL characters or unpaired surrogates cannot be stored in a text file; they were removed');
      const local = this.local;
      queueMicrotask(() => {
        if (this.local !== local || local.length !== stripped.correction.baseLength) return;
        local.apply(stripped.correction);
        this.remoteEdits.fire(stripped.correction);
      });
      op = stripped.operation;
    }
    this.transformRemoteSelections(op);
    this.changed();
    if (this.unconfirmed) {
      this.holdLocal(this.unconfirmed, op);
      return;
    }
    const effect = this.sync.applyLocal(op);
    if (effect.error) {
      // The view's edit does not follow the edits tracked so far: take the server's content on a resync.
      this.trackingLost = true;
      void this.resync();
      return;
    }
    if (effect.send) this.send(effect.send.revision, effect.send.operation);
  }

  /**
   * An operation of another client (or of the disk), as broadcast by the server with the revision it made.
   * Operations are taken strictly in revision order: one that arrives before the answer to this client's own
   * operation (which holds the revision in between) waits for it, as do operations arriving during a resync.
   */
  receiveRemote(op: TextOperation, revision: number): void {
    if (this.linkState !== 'SYNCED' || revision > this.sync.revision + 1) {
      if (revision > this.sync.revision && this.early.size < MAX_EARLY_OPERATIONS) this.early.set(revision, op);
      this.checkGap();
      return;
    }
    if (revision <= this.sync.revision) return; // already known (e.g. part of the content a resync brought)
    this.applyRemote(op);
    this.drainEarly();
  }

  private applyRemote(op: TextOperation): void {
    if (op.baseLength !== this.serverText.length) return void this.resync();
    const transformed = this.sync.applyServer(op);
    if (!transformed.ok) return void this.resync();
    this.serverText.apply(op);
    if (transformed.value.baseLength !== this.local.length) {
      this.trackingLost = true;
      return void this.resync();
    }
    this.local.apply(transformed.value);
    this.transformRemoteSelections(transformed.value);
    this.changed();
    this.remoteEdits.fire(transformed.value);
    this.acks.schedule();
  }

  /** Applies the operations that were waiting for the revisions before them. */
  private drainEarly(): void {
    for (const revision of [...this.early.keys()]) if (revision <= this.sync.revision) this.early.delete(revision);
    for (let next = this.early.get(this.sync.revision + 1); next && this.linkState === 'SYNCED'; next = this.early.get(this.sync.revision + 1)) {
      this.early.delete(this.sync.revision + 1);
      this.applyRemote(next);
    }
    this.checkGap();
  }

  /**
   * Only the answer to this client's own operation can fill a gap before waiting operations; with nothing in flight
   * the missing revision will never come (a lost frame), so the document resyncs instead of waiting forever.
   */
  private checkGap(): void {
    if (this.early.size > 0 && !this.inFlight && this.linkState === 'SYNCED') void this.resync();
  }

  receiveSelections(selections: Record<string, OffsetSelection[] | null>): void {
    const next = new Map(this.remoteSelections);
    for (const [clientId, ranges] of Object.entries(selections)) {
      if (clientId === this.options.selfId) continue;
      if (ranges) next.set(clientId, ranges.map((r) => clamp(this.sync.transformSelectionForRemote(r), this.local.length)));
      else next.delete(clientId);
    }
    this.remoteSelections = next;
  }

  forgetClient(clientId: string): void {
    if (!this.remoteSelections.has(clientId)) return;
    const next = new Map(this.remoteSelections);
    next.delete(clientId);
    this.remoteSelections = next;
  }

  sendSelection(selections: OffsetSelection[]): void {
    if (this.linkState !== 'SYNCED') return;
    void this.documents.sendSelection(this.fileId, selections).catch(() => undefined);
  }

  /** The server saved the file with `savedHash`: the dirty marker follows once the text's hash is known. */
  markSaved(savedHash: string): void {
    this.savedHash = savedHash;
    this.cleanVersion = undefined;
    this.hashTimer.touch(0);
  }

  /** Computes the content hash now (the dirty marker is then exact). */
  refreshContentHash(): string {
    this.hashed(this.version, murmurHash(this.local.getText()));
    return this.contentHash;
  }

  /**
   * Re-opens the file and reconciles (spec 002 §4 RESYNCING): an operation whose fate is unknown (its answer was
   * lost with the connection) is sent again with the same seq, so the server says whether it applied it, then the
   * server's content wins for what it has and every local edit it lacks is moved onto it and sent.
   */
  resync(): Promise<void> {
    if (this.resyncing) return this.resyncing;
    this.enterUnconfirmed();
    runInAction(() => (this.linkState = 'RESYNCING'));
    this.resyncing = this.runResync().finally(() => (this.resyncing = undefined));
    return this.resyncing;
  }

  /**
   * The user's answer for an out-of-sync document (spec 002 §4 "reset from client or from server"): the file is
   * re-opened, then the client's text replaces the server's ('client', sent as one operation) or the server's text
   * replaces the client's ('server', unsent local edits are dropped).
   */
  reset(source: 'client' | 'server'): Promise<void> {
    this.resetSource = source;
    return this.resync();
  }

  dispose(): void {
    this.disposed = true;
    this.acks.cancel();
    this.hashTimer.cancel();
    this.remoteEdits.dispose();
  }

  private async runResync(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.resyncOnce();
      if (outcome === 'done' || this.disposed) return;
      if (outcome === 'disconnected') return; // the next join resyncs again (EditorStore.resyncAll)
      if (attempt >= RESYNC_ATTEMPTS) {
        this.resetSource = undefined;
        runInAction(() => (this.linkState = 'OUT_OF_SYNC'));
        this.options.onError(`Could not resync ${this.path}: ${outcome.message}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, RESYNC_BACKOFF_MS * attempt));
    }
  }

  private async resyncOnce(): Promise<'done' | 'disconnected' | { message: string }> {
    const unconfirmed = this.unconfirmed as Unconfirmed;
    const outstanding = unconfirmed.outstanding;
    if (outstanding && outstanding.fate === 'unknown') {
      const flight = outstanding.flight;
      let outcome: Outcome = flight ? await flight.settled : { kind: 'unknown' };
      if (outcome.kind === 'unknown' && flight) {
        // The answer was lost: ask again with the same seq; the server answers from what it applied.
        outcome = await outcomeOf(this.documents.sendOperation(this.fileId, flight.revision, flight.operation, flight.seq));
      }
      if (outcome.kind === 'unknown') return 'disconnected';
      outstanding.fate = fateOf(outcome);
      this.reportRefused(outcome);
    }
    let opened: OpenedDocument;
    try {
      opened = await this.documents.open(this.fileId, true);
    } catch (error) {
      return error instanceof PortError && error.kind !== 'rejected' ? 'disconnected' : { message: (error as Error).message };
    }
    if (this.disposed) return 'done';
    if (this.resetSource) return this.resetTo(this.resetSource, opened);
    const rebased = rebase({
      serverText: this.serverText.toString(),
      outstanding: outstanding && outstanding.fate !== 'unknown' ? { operation: outstanding.operation, fate: outstanding.fate } : undefined,
      rest: unconfirmed.rest,
      serverContent: opened.content,
    });
    if (this.trackingLost || !rebased.ok || rebased.value.toApply.baseLength !== this.local.length) {
      this.trackingLost = false;
      // The local text no longer matches what the session tracked: take the server's content as it is.
      const reset = rebase({ serverText: this.local.getText(), serverContent: opened.content });
      if (!reset.ok) return { message: reset.error.message };
      this.finishResync(opened, reset.value.toApply, undefined);
      return 'done';
    }
    this.finishResync(opened, rebased.value.toApply, rebased.value.toSend);
    return 'done';
  }

  /** reset(): one side's text replaces the other's, whatever either tracked. */
  private resetTo(source: 'client' | 'server', opened: OpenedDocument): 'done' | { message: string } {
    const local = this.local.getText();
    const chosen =
      source === 'server'
        ? rebase({ serverText: local, serverContent: opened.content })
        : rebase({ serverText: opened.content, rest: diffOperation(opened.content, local), serverContent: opened.content });
    if (!chosen.ok) return { message: chosen.error.message };
    this.trackingLost = false;
    this.resetSource = undefined;
    this.finishResync(opened, chosen.value.toApply, chosen.value.toSend);
    return 'done';
  }

  private finishResync(opened: OpenedDocument, toApply: TextOperation, toSend: TextOperation | undefined): void {
    this.local.apply(toApply);
    this.serverText = new TextBuffer(opened.content);
    this.sync = new ClientSync(opened.revision);
    this.acks.reset(opened.revision);
    this.inFlight = undefined;
    this.unconfirmed = undefined;
    const unchanged = toApply.isNoop() && opened.savedHash === this.savedHash;
    runInAction(() => {
      this.linkState = 'SYNCED';
      this.savedHash = opened.savedHash;
      if (!unchanged) {
        if (!toApply.isNoop()) this.changed();
        this.cleanVersion = undefined;
      }
    });
    if (!unchanged) this.hashTimer.touch(0);
    if (!toApply.isNoop()) this.remoteEdits.fire(toApply);
    if (toSend) {
      const effect = this.sync.applyLocal(toSend);
      if (effect.send) this.send(effect.send.revision, effect.send.operation);
    }
    // After the local edits were queued: the server's selections are moved past them (they are not on the server yet).
    this.setRemoteSelections(opened.selections);
    this.drainEarly();
  }

  private reportRefused(outcome: Outcome): void {
    if (outcome.kind === 'rejected' && outcome.drop) this.options.onError(`An edit of ${this.path} was refused: ${outcome.message}`);
  }

  /** A local edit while not SYNCED: kept on top of the other unconfirmed edits. */
  private holdLocal(unconfirmed: Unconfirmed, op: TextOperation): void {
    if (!unconfirmed.rest) {
      unconfirmed.rest = op;
      return;
    }
    const composed = unconfirmed.rest.compose(op);
    if (composed.ok) unconfirmed.rest = composed.value;
    else void this.resetToServerNextResync(); // lengths disagree: the session lost track of the view's text
  }

  /** Marks the tracked local edits unusable: the next resync takes the server's content as it is. */
  private resetToServerNextResync(): void {
    if (this.unconfirmed) this.unconfirmed.rest = undefined;
    this.trackingLost = true;
  }

  /** Leaves the normal flow: what the server may lack is kept aside until the resync. */
  private enterUnconfirmed(): void {
    this.acks.cancel();
    if (this.unconfirmed) return;
    const state = this.sync.state;
    const flight = this.inFlight;
    if (flight?.outcome) this.reportRefused(flight.outcome);
    this.unconfirmed = {
      outstanding:
        state.kind === 'synchronized' ? undefined : { operation: state.outstanding, flight, fate: flight?.outcome ? fateOf(flight.outcome) : 'unknown' },
      rest: state.kind === 'awaiting-with-buffer' ? state.buffer : undefined,
    };
  }

  private send(revision: number, op: TextOperation): void {
    this.acks.carried(revision);
    const flight = new InFlight(this.options.seqs.next(), revision, op);
    this.inFlight = flight;
    void flight.track(this.documents.sendOperation(this.fileId, revision, op, flight.seq)).then((outcome) => this.settled(flight, outcome));
  }

  private settled(flight: InFlight, outcome: Outcome): void {
    if (flight !== this.inFlight || this.disposed || this.unconfirmed) return; // a resync takes it from here
    if (outcome.kind !== 'acked') return void this.resync();
    this.inFlight = undefined;
    const state = this.sync.state;
    if (state.kind !== 'synchronized') this.serverText.apply(state.outstanding);
    const effect = this.sync.serverAck();
    this.acks.schedule();
    if (effect.send) this.send(effect.send.revision, effect.send.operation);
    this.drainEarly();
  }

  private changed(): void {
    this.version++;
    this.hashTimer.touch(HASH_DEBOUNCE_MS);
  }

  private hashed(version: number, hash: string): void {
    this.contentHash = hash;
    if (hash === this.savedHash) this.cleanVersion = version;
    else if (this.cleanVersion === version) this.cleanVersion = undefined;
  }

  /** Every other client's selections from an open's answer: made relative to the local text, as receiveSelections does. */
  private setRemoteSelections(selections: Record<string, OffsetSelection[] | null>): void {
    this.remoteSelections = new Map();
    this.receiveSelections(selections);
  }

  private transformRemoteSelections(op: TextOperation): void {
    if (this.remoteSelections.size === 0) return;
    const next = new Map<string, OffsetSelection[]>();
    const length = op.targetLength;
    for (const [clientId, ranges] of this.remoteSelections) next.set(clientId, ranges.map((r) => clamp(transformSelection(op, r), length)));
    runInAction(() => (this.remoteSelections = next));
  }
}

/**
 * Selections carry no revision: one that overtook operations still waiting for their turn may point past the end.
 * They only place carets and highlights, so they are kept inside the text.
 */
function clamp(selection: OffsetSelection, length: number): OffsetSelection {
  return { anchor: Math.min(selection.anchor, length), head: Math.min(selection.head, length) };
}

function fateOf(outcome: Outcome): 'unknown' | 'applied' | 'not-applied' | 'refused' {
  if (outcome.kind === 'acked') return 'applied';
  if (outcome.kind === 'rejected') return outcome.drop ? 'refused' : 'not-applied';
  return 'unknown';
}
