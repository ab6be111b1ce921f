import { inject, injectable } from 'inversify';
import { action, comparer, computed, makeObservable, observable, reaction } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { DOCUMENT_SYNCED, DocumentSyncEvent, DocumentSyncState, ResetSource, asksToReset, documentSyncTransition } from '../../domain/editor/sync-state';
import { EditorStore } from './editor.store';

/** The question on screen: which document, and its path. */
export interface ResetQuestion {
  readonly fileId: string;
  readonly path: string;
}

/**
 * The workbench's sync state of each open document (spec 002 §4: SYNCED, NOTIFIED_OUT_OF_SYNC, SYNCING,
 * OUT_OF_SYNC). A document whose link to the server fails for good (DocumentSession's OUT_OF_SYNC: its resync kept
 * failing) is flagged and the user is asked to reset from client ('Keep my version') or from server ('Use the
 * server version'); cancelling leaves it out of sync, marked on its tab, where the question can be asked again.
 */
@injectable()
export class DocumentSyncStore extends DisposableBase {
  states: ReadonlyMap<string, DocumentSyncState> = new Map();

  constructor(@inject(EditorStore) private readonly editor: EditorStore) {
    super();
    makeObservable<DocumentSyncStore, 'apply' | 'linksChanged'>(this, {
      states: observable.ref,
      question: computed,
      apply: action,
      linksChanged: action,
    });
    this.register(
      reaction(
        () => editor.tabs.map((t) => [t.fileId, editor.session(t.fileId)?.linkState] as const),
        (links) => this.linksChanged(links),
        { equals: comparer.structural, fireImmediately: true },
      ),
    );
  }

  stateOf(fileId: string): DocumentSyncState {
    return this.states.get(fileId) ?? DOCUMENT_SYNCED;
  }

  /** The first document waiting for the user's answer. */
  get question(): ResetQuestion | undefined {
    for (const [fileId, state] of this.states) {
      if (!asksToReset(state)) continue;
      const path = this.editor.tabs.find((t) => t.fileId === fileId)?.path ?? fileId;
      return { fileId, path };
    }
    return undefined;
  }

  /** 'Keep my version': this client's text replaces the server's. */
  resetFromClient(fileId: string): void {
    this.apply(fileId, { type: 'reset', source: 'client' });
  }

  /** 'Use the server version': the server's text replaces this client's. */
  resetFromServer(fileId: string): void {
    this.apply(fileId, { type: 'reset', source: 'server' });
  }

  /** Leaves the document out of sync. */
  cancel(fileId: string): void {
    this.apply(fileId, { type: 'cancel' });
  }

  /** Asks again (the tab's marker). */
  review(fileId: string): void {
    this.apply(fileId, { type: 'review' });
  }

  private linksChanged(links: ReadonlyArray<readonly [string, string | undefined]>): void {
    const open = new Set(links.map(([fileId]) => fileId));
    if ([...this.states.keys()].some((fileId) => !open.has(fileId))) {
      this.states = new Map([...this.states].filter(([fileId]) => open.has(fileId)));
    }
    for (const [fileId, link] of links) {
      if (link === 'OUT_OF_SYNC') this.apply(fileId, { type: 'operation-error' });
      else if (link === 'SYNCED') this.apply(fileId, { type: 'synced' });
    }
  }

  private apply(fileId: string, event: DocumentSyncEvent): void {
    const before = this.stateOf(fileId);
    const { state, effects } = documentSyncTransition(before, event);
    if (state !== before) {
      const next = new Map(this.states);
      if (state.kind === 'SYNCED') next.delete(fileId);
      else next.set(fileId, state);
      this.states = next;
    }
    for (const effect of effects) this.reset(fileId, effect.source);
  }

  private reset(fileId: string, source: ResetSource): void {
    const session = this.editor.session(fileId);
    if (session) void session.reset(source);
  }
}
