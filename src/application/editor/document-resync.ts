import type { ResetSource } from '../../domain/editor/sync-state';
import type { ClientSyncState } from '../../domain/ot/client-sync';
import { diffOperation } from '../../domain/ot/line-diff';
import { rebase } from '../../domain/ot/rebase';
import type { TextOperation } from '../../domain/ot/text-operation';
import { DocumentsPort, OpenedDocument } from '../ports/documents.port';
import { PortError } from '../ports/port-error';
import type { AckSchedule } from './ack-schedule';
import { InFlight, Outcome, outcomeOf } from './in-flight';
import type { LocalText } from './local-text';
import { UnconfirmedEdits, fateOf } from './unconfirmed-edits';

const RESYNC_ATTEMPTS = 3;
const RESYNC_BACKOFF_MS = 500;

/** What a resync reads and changes of its document (DocumentSession hands it these). */
export interface ResyncTarget {
  /** The file's path now (error messages name the file by it). */
  path(): string;
  isDisposed(): boolean;
  /** The client state machine's state and the operation on the wire: what the server may lack. */
  syncState(): ClientSyncState;
  inFlight(): InFlight | undefined;
  /** The server's text at the client's revision. */
  serverText(): string;
  local(): LocalText;
  setLinkState(state: 'RESYNCING' | 'OUT_OF_SYNC'): void;
  /** Takes the re-opened document: `toApply` onto the local text, `toSend` sent, SYNCED again (calls `done`). */
  finish(opened: OpenedDocument, toApply: TextOperation, toSend: TextOperation | undefined): void;
}

/**
 * The resync of one document (spec 002 §4 RESYNCING): what the server may lack is kept aside, an operation whose
 * fate is unknown is sent again with the same seq, the file is re-opened and the server's content reconciled with
 * the local edits; tried RESYNC_ATTEMPTS times before the document is left OUT_OF_SYNC.
 */
export class DocumentResync {
  private running: Promise<void> | undefined;
  /** From the start of a resync until it carried its result: local edits are held here, not sent. */
  private unconfirmed: UnconfirmedEdits | undefined;
  /** Set when the local text stopped matching the tracked operations; the next resync resets to the server's text. */
  private trackingLost = false;
  /** The side the user chose for an out-of-sync document (see reset), until a resync carried it out. */
  private resetSource: ResetSource | undefined;

  constructor(
    private readonly fileId: string,
    private readonly documents: DocumentsPort,
    private readonly acks: AckSchedule,
    private readonly onError: (message: string) => void,
    private readonly target: ResyncTarget,
  ) {}

  /** True while local edits are kept aside for a resync instead of being sent. */
  get isHolding(): boolean {
    return this.unconfirmed !== undefined;
  }

  /** Starts a resync unless one runs; resolves when it ends. */
  run(): Promise<void> {
    if (this.running) return this.running;
    this.keepAside();
    this.target.setLinkState('RESYNCING');
    this.running = this.attempts().finally(() => (this.running = undefined));
    return this.running;
  }

  /** The user's side for an out-of-sync document: the next resync carries it out. */
  chooseSide(source: ResetSource): void {
    this.resetSource = source;
  }

  /** The local text no longer follows the tracked edits: the next resync takes the server's content as it is. */
  loseTracking(): void {
    this.trackingLost = true;
  }

  /** A local edit while not SYNCED: kept on top of the other unconfirmed edits. False when no resync holds edits. */
  hold(op: TextOperation): boolean {
    if (!this.unconfirmed) return false;
    if (!this.unconfirmed.hold(op)) this.resetToServerNextResync(); // lengths disagree: the session lost track of the view's text
    return true;
  }

  /** The resync carried its result: nothing is kept aside any more. */
  done(): void {
    this.unconfirmed = undefined;
  }

  /** Marks the tracked local edits unusable: the next resync takes the server's content as it is. */
  private resetToServerNextResync(): void {
    if (this.unconfirmed) this.unconfirmed.rest = undefined;
    this.trackingLost = true;
  }

  /** Leaves the normal flow: what the server may lack is kept aside until the resync. */
  private keepAside(): void {
    this.acks.cancel();
    if (this.unconfirmed) return;
    const state = this.target.syncState();
    const flight = this.target.inFlight();
    if (flight?.outcome) this.reportRefused(flight.outcome);
    this.unconfirmed = UnconfirmedEdits.capture(state, flight);
  }

  /**
   * Tries until the document is synced, the connection is lost (the next join resyncs again, EditorStore.resyncAll)
   * or RESYNC_ATTEMPTS tries in a row failed. A side the user chooses meanwhile gets its tries of its own, at once:
   * the failure of a try that ran before the choice must not answer it.
   */
  private async attempts(): Promise<void> {
    let side = this.resetSource;
    let failures = 0;
    for (;;) {
      const outcome = await this.once();
      if (outcome === 'done' || outcome === 'disconnected' || this.target.isDisposed()) return;
      failures = this.resetSource === side ? failures + 1 : 0;
      side = this.resetSource;
      if (failures >= RESYNC_ATTEMPTS) {
        this.resetSource = undefined;
        this.target.setLinkState('OUT_OF_SYNC');
        this.onError(`Could not resync ${this.target.path()}: ${outcome.message}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, RESYNC_BACKOFF_MS * failures));
    }
  }

  private async once(): Promise<'done' | 'disconnected' | { message: string }> {
    const unconfirmed = this.unconfirmed as UnconfirmedEdits;
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
    if (this.target.isDisposed()) return 'done';
    if (this.resetSource) return this.resetTo(this.resetSource, opened);
    const local = this.target.local();
    const rebased = rebase({
      serverText: this.target.serverText(),
      outstanding: outstanding && outstanding.fate !== 'unknown' ? { operation: outstanding.operation, fate: outstanding.fate } : undefined,
      rest: unconfirmed.rest,
      serverContent: opened.content,
    });
    if (this.trackingLost || !rebased.ok || rebased.value.toApply.baseLength !== local.length) {
      this.trackingLost = false;
      // The local text no longer matches what the session tracked: take the server's content as it is.
      const reset = rebase({ serverText: local.getText(), serverContent: opened.content });
      if (!reset.ok) return { message: reset.error.message };
      this.target.finish(opened, reset.value.toApply, undefined);
      return 'done';
    }
    this.target.finish(opened, rebased.value.toApply, rebased.value.toSend);
    return 'done';
  }

  /** reset(): one side's text replaces the other's, whatever either tracked. */
  private resetTo(source: ResetSource, opened: OpenedDocument): 'done' | { message: string } {
    const local = this.target.local().getText();
    const chosen =
      source === 'server'
        ? rebase({ serverText: local, serverContent: opened.content })
        : rebase({ serverText: opened.content, rest: diffOperation(opened.content, local), serverContent: opened.content });
    if (!chosen.ok) return { message: chosen.error.message };
    this.trackingLost = false;
    this.resetSource = undefined;
    this.target.finish(opened, chosen.value.toApply, chosen.value.toSend);
    return 'done';
  }

  private reportRefused(outcome: Outcome): void {
    if (outcome.kind === 'rejected' && outcome.drop) this.onError(`An edit of ${this.target.path()} was refused: ${outcome.message}`);
  }
}
