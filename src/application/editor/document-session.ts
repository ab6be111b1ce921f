import { action, makeObservable, observable, runInAction } from 'mobx';
import { Emitter } from '../../base/event';
import { unwrap } from '../../base/result';
import { isDirty } from '../../domain/editor/dirty';
import { murmurHash } from '../../domain/hash/murmur';
import { ClientSync } from '../../domain/ot/client-sync';
import { OffsetSelection, transformSelection } from '../../domain/ot/selection-transform';
import { diffToOperation } from '../../domain/ot/text-diff';
import { TextOperation } from '../../domain/ot/text-operation';
import { DocumentsPort, OpenedDocument } from '../ports/documents.port';

/** Named states of a document's link to the server (spec 002 §4: SYNCED or RESYNCING). */
export type DocumentLinkState = 'SYNCED' | 'RESYNCING';

/**
 * One open text file on this client: the local text, the OT client state machine, the text the
 * server is known to have, saved/content hashes and the other clients' selections.
 */
export class DocumentSession {
  contentHash: string;
  savedHash: string;
  linkState: DocumentLinkState = 'SYNCED';
  remoteSelections: ReadonlyMap<string, OffsetSelection[]> = new Map();

  private text: string;
  /** The server's text at sync.revision. */
  private serverText: string;
  private sync: ClientSync;
  /** Local edits made while resyncing, sent once the resync completes. */
  private heldWhileResyncing: TextOperation | undefined;
  private readonly remoteEdits = new Emitter<TextOperation>();
  /** Fires with each operation the editor view must apply (remote edits, resync corrections). */
  readonly onDidApplyRemote = this.remoteEdits.event;

  constructor(
    readonly fileId: string,
    readonly path: string,
    opened: OpenedDocument,
    private readonly documents: DocumentsPort,
    private readonly selfId: string,
    private readonly onError: (message: string) => void,
  ) {
    this.text = this.serverText = opened.content;
    this.sync = new ClientSync(opened.revision);
    this.savedHash = opened.savedHash;
    this.contentHash = murmurHash(opened.content);
    this.setRemoteSelections(opened.selections);
    makeObservable<DocumentSession, 'setRemoteSelections' | 'textChanged'>(this, {
      contentHash: observable,
      savedHash: observable,
      linkState: observable,
      remoteSelections: observable.ref,
      markSaved: action,
      receiveSelections: action,
      forgetClient: action,
      setRemoteSelections: action,
      textChanged: action,
    });
  }

  get content(): string {
    return this.text;
  }

  get isDirty(): boolean {
    return isDirty(this.contentHash, this.savedHash);
  }

  /** True when the server has every local edit (saving waits for this). */
  get isSynchronized(): boolean {
    return this.linkState === 'SYNCED' && this.sync.state.kind === 'synchronized';
  }

  /** The user edited the text; `op` applies to the current local text. */
  applyLocal(op: TextOperation): void {
    this.text = unwrap(op.apply(this.text));
    this.transformRemoteSelections(op);
    this.textChanged();
    if (this.linkState === 'RESYNCING') {
      this.heldWhileResyncing = this.heldWhileResyncing ? unwrap(this.heldWhileResyncing.compose(op)) : op;
      return;
    }
    const effect = this.sync.applyLocal(op);
    if (effect.send) this.send(effect.send.revision, effect.send.operation);
  }

  /** An operation of another client, as broadcast by the server. */
  receiveRemote(op: TextOperation): void {
    if (this.linkState === 'RESYNCING') return; // the resync brings the server's content
    const serverNext = op.apply(this.serverText);
    const transformed = this.sync.applyServer(op);
    if (!serverNext.ok || !transformed.ok) {
      void this.resync();
      return;
    }
    this.serverText = serverNext.value;
    this.text = unwrap(transformed.value.apply(this.text));
    this.transformRemoteSelections(transformed.value);
    this.textChanged();
    this.remoteEdits.fire(transformed.value);
    void this.documents.acknowledge(this.fileId, this.sync.revision).catch(() => undefined);
  }

  receiveSelections(selections: Record<string, OffsetSelection[] | null>): void {
    const next = new Map(this.remoteSelections);
    for (const [clientId, ranges] of Object.entries(selections)) {
      if (clientId === this.selfId) continue;
      if (ranges) next.set(clientId, ranges.map((r) => this.sync.transformSelectionForRemote(r)));
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

  markSaved(savedHash: string): void {
    this.savedHash = savedHash;
  }

  /**
   * Re-opens the file and reconciles: the server's content wins for what it has, and every
   * local edit it has not acknowledged is transformed onto it and sent again.
   */
  async resync(): Promise<void> {
    if (this.linkState === 'RESYNCING') return;
    runInAction(() => (this.linkState = 'RESYNCING'));
    const outstanding = this.sync.state.kind === 'synchronized' ? undefined : this.sync.state.outstanding;
    const buffer = this.sync.state.kind === 'awaiting-with-buffer' ? this.sync.state.buffer : undefined;
    let opened: OpenedDocument;
    try {
      opened = await this.documents.open(this.fileId, true);
    } catch (error) {
      runInAction(() => (this.linkState = 'SYNCED'));
      this.onError(`Could not resync ${this.path}: ${(error as Error).message}`);
      return;
    }
    const held = this.heldWhileResyncing;
    this.heldWhileResyncing = undefined;
    const later = [buffer, held].filter((op): op is TextOperation => op !== undefined);
    let base = this.serverText;
    let pending = [outstanding, ...later].filter((op): op is TextOperation => op !== undefined);
    // The server applied our outstanding operation but its acknowledgement was lost.
    if (outstanding) {
      const withOutstanding = outstanding.apply(this.serverText);
      if (withOutstanding.ok && withOutstanding.value === opened.content) {
        base = withOutstanding.value;
        pending = later;
      }
    }
    const local = pending.reduce<TextOperation | undefined>((acc, op) => (acc ? unwrap(acc.compose(op)) : op), undefined);
    const serverChange = diffToOperation(base, opened.content);
    let toSend: TextOperation | undefined = local;
    let toApply = serverChange;
    if (local) [toSend, toApply] = unwrap(TextOperation.transform(local, serverChange));
    this.text = unwrap(toApply.apply(this.text));
    this.serverText = opened.content;
    this.sync = new ClientSync(opened.revision);
    runInAction(() => {
      this.linkState = 'SYNCED';
      this.savedHash = opened.savedHash;
      this.textChanged();
      this.setRemoteSelections(opened.selections);
    });
    if (!toApply.isNoop()) this.remoteEdits.fire(toApply);
    if (toSend && !toSend.isNoop()) {
      const effect = this.sync.applyLocal(toSend);
      if (effect.send) this.send(effect.send.revision, effect.send.operation);
    }
  }

  dispose(): void {
    this.remoteEdits.dispose();
  }

  private send(revision: number, op: TextOperation): void {
    const sync = this.sync;
    this.documents.sendOperation(this.fileId, revision, op).then(
      () => {
        if (sync !== this.sync) return; // a resync replaced this state machine
        const outstanding = this.sync.state.kind === 'synchronized' ? undefined : this.sync.state.outstanding;
        if (outstanding) this.serverText = unwrap(outstanding.apply(this.serverText));
        const effect = this.sync.serverAck();
        void this.documents.acknowledge(this.fileId, this.sync.revision).catch(() => undefined);
        if (effect.send) this.send(effect.send.revision, effect.send.operation);
      },
      (error: { kind?: string; message?: string }) => {
        if (sync !== this.sync) return;
        // Disconnected: the re-join resyncs every document. Rejected: resync now.
        if (error?.kind !== 'disconnected') void this.resync();
      },
    );
  }

  private textChanged(): void {
    this.contentHash = murmurHash(this.text);
  }

  private setRemoteSelections(selections: Record<string, OffsetSelection[] | null>): void {
    const next = new Map<string, OffsetSelection[]>();
    for (const [clientId, ranges] of Object.entries(selections)) if (clientId !== this.selfId && ranges) next.set(clientId, ranges);
    this.remoteSelections = next;
  }

  private transformRemoteSelections(op: TextOperation): void {
    if (this.remoteSelections.size === 0) return;
    const next = new Map<string, OffsetSelection[]>();
    for (const [clientId, ranges] of this.remoteSelections) next.set(clientId, ranges.map((r) => transformSelection(op, r)));
    runInAction(() => (this.remoteSelections = next));
  }
}
