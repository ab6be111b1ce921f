import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import { Emitter } from '../../base/event';
import { Disposable } from '../../base/lifecycle';
import { murmurHash } from '../../domain/hash/murmur';
import { ClientSync } from '../../domain/ot/client-sync';
import { mergeRemoteSelections, transformRemoteSelections } from '../../domain/ot/remote-selections';
import { RevisionQueue } from '../../domain/ot/revision-queue';
import type { OffsetSelection } from '../../domain/ot/selection-transform';
import { TextBuffer } from '../../domain/ot/text-buffer';
import { TextOperation } from '../../domain/ot/text-operation';
import { stripInvalidInserts } from '../../domain/ot/text-validity';
import { DocumentsPort, OpenedDocument } from '../ports/documents.port';
import { BufferedLocalText, LocalText } from './local-text';
import { AckSchedule } from './ack-schedule';
import { DocumentResync } from './document-resync';
import { InFlight, Outcome } from './in-flight';
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
/** Beyond this many operations waiting for their turn, the resync's content is relied on instead. */
const MAX_EARLY_OPERATIONS = 10_000;

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
  /** Remote operations that arrived before the revision they follow, by revision. */
  private readonly early = new RevisionQueue<TextOperation>(MAX_EARLY_OPERATIONS);
  private readonly acks: AckSchedule;
  /** Holds what the server may lack while not SYNCED, and runs the resync. */
  private readonly resyncs: DocumentResync;
  private readonly hashTimer = new QuietTimer(() => !this.disposed && this.refreshContentHash());
  private disposed = false;
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
    this.resyncs = new DocumentResync(fileId, documents, this.acks, (message) => this.options.onError(message), {
      path: () => this.path,
      isDisposed: () => this.disposed,
      syncState: () => this.sync.state,
      inFlight: () => this.inFlight,
      serverText: () => this.serverText.toString(),
      local: () => this.local,
      setLinkState: (state) => runInAction(() => (this.linkState = state)),
      finish: (opened, toApply, toSend) => this.finishResync(opened, toApply, toSend),
    });
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
    if (this.resyncs.hold(op)) return;
    const effect = this.sync.applyLocal(op);
    if (effect.error) {
      // The view's edit does not follow the edits tracked so far: take the server's content on a resync.
      this.resyncs.loseTracking();
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
      this.early.hold(revision, op, this.sync.revision);
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
      this.resyncs.loseTracking();
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
    this.early.drain(() => this.sync.revision, () => this.linkState === 'SYNCED', (op) => this.applyRemote(op));
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
    const place = (r: OffsetSelection) => this.sync.transformSelectionForRemote(r);
    this.remoteSelections = mergeRemoteSelections(this.remoteSelections, selections, this.options.selfId, place, this.local.length);
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
    return this.resyncs.run();
  }

  /**
   * The user's answer for an out-of-sync document (spec 002 §4 "reset from client or from server"): the file is
   * re-opened, then the client's text replaces the server's ('client', sent as one operation) or the server's text
   * replaces the client's ('server', unsent local edits are dropped).
   */
  reset(source: 'client' | 'server'): Promise<void> {
    this.resyncs.chooseSide(source);
    return this.resync();
  }

  dispose(): void {
    this.disposed = true;
    this.acks.cancel();
    this.hashTimer.cancel();
    this.remoteEdits.dispose();
  }

  private finishResync(opened: OpenedDocument, toApply: TextOperation, toSend: TextOperation | undefined): void {
    this.local.apply(toApply);
    this.serverText = new TextBuffer(opened.content);
    this.sync = new ClientSync(opened.revision);
    this.acks.reset(opened.revision);
    this.inFlight = undefined;
    this.resyncs.done();
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

  private send(revision: number, op: TextOperation): void {
    this.acks.carried(revision);
    const flight = new InFlight(this.options.seqs.next(), revision, op);
    this.inFlight = flight;
    void flight.track(this.documents.sendOperation(this.fileId, revision, op, flight.seq)).then((outcome) => this.settled(flight, outcome));
  }

  private settled(flight: InFlight, outcome: Outcome): void {
    if (flight !== this.inFlight || this.disposed || this.resyncs.isHolding) return; // a resync takes it from here
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
    const next = transformRemoteSelections(this.remoteSelections, op);
    runInAction(() => (this.remoteSelections = next));
  }
}
