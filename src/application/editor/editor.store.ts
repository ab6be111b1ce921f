import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import { pickInitialFile } from '../../domain/editor/initial-file';
import { checkDisplayable } from '../../domain/editor/file-size';
import { FileTreeStore } from '../files/file-tree.store';
import { DocumentsPort } from '../ports/documents.port';
import { NotifyError } from '../tokens';
import { DocumentSession, SequenceSource } from './document-session';

/** Saving waits for pending operations in steps of this length (spec 002 §9). */
export const SAVE_WAIT_STEP_MS = 50;
export const SAVE_WAIT_LIMIT_MS = 10_000;

export interface EditorTab {
  fileId: string;
  path: string;
}

/** Open files (tabs), the active one, and their collaborative sessions. */
@injectable()
export class EditorStore {
  tabs: readonly EditorTab[] = [];
  activeFileId: string | undefined = undefined;
  binaryFileIds: ReadonlySet<string> = new Set();
  private readonly sessions = new Map<string, DocumentSession>();
  /** Sessions of closed tabs whose last edits are still on their way to the server. */
  private readonly closing = new Map<string, DocumentSession>();
  private selfId = '';
  /** One increasing sequence for all of this client's operations, across documents and reconnects. */
  private readonly seqs: SequenceSource = (() => {
    let last = 0;
    return { next: () => ++last };
  })();

  constructor(
    @inject(DocumentsPort) private readonly documents: DocumentsPort,
    @inject(FileTreeStore) private readonly files: FileTreeStore,
    @inject(NotifyError) private readonly notifyError: NotifyError,
  ) {
    makeObservable(this, { tabs: observable.ref, activeFileId: observable, binaryFileIds: observable.ref, active: computed, activate: action, closeTab: action });
    // A closing tab's session still takes operations until the server has all of its edits (see closeTab).
    const route = (fileId: string) => this.sessions.get(fileId) ?? this.closing.get(fileId);
    documents.onDidReceiveOperation((e) => route(e.fileId)?.receiveRemote(e.operation, e.revision));
    documents.onDidReceiveSelections((e) => route(e.fileId)?.receiveSelections(e.selections));
    documents.onDidSave((e) => route(e.fileId)?.markSaved(e.savedHash));
    documents.onDidLeaveFile((e) => route(e.fileId)?.forgetClient(e.clientId));
  }

  get active(): DocumentSession | undefined {
    return this.activeFileId ? this.sessions.get(this.activeFileId) : undefined;
  }

  session(fileId: string): DocumentSession | undefined {
    return this.sessions.get(fileId);
  }

  setSelf(clientId: string): void {
    this.selfId = clientId;
  }

  /** Opens the first existing file of the spec's ordered list (spec 002 §2). */
  async openInitialFile(): Promise<void> {
    const path = pickInitialFile((p) => this.files.fileAt(p) !== undefined);
    const node = path ? this.files.fileAt(path) : undefined;
    if (node) await this.open(node.id);
  }

  async open(fileId: string): Promise<void> {
    if (this.sessions.has(fileId) || this.binaryFileIds.has(fileId)) return this.activate(fileId);
    const path = this.files.pathOf(fileId) ?? fileId;
    try {
      const opened = await this.documents.open(fileId, false);
      runInAction(() => {
        if (opened.isBinary) this.binaryFileIds = new Set(this.binaryFileIds).add(fileId);
        else if (!this.sessions.has(fileId)) {
          const displayable = checkDisplayable(opened.content.length);
          if (!displayable.ok) throw new Error(displayable.error.message);
          const options = { selfId: this.selfId, seqs: this.seqs, onError: this.notifyError };
          this.sessions.set(fileId, new DocumentSession(fileId, path, opened, this.documents, options));
        }
        if (!this.tabs.some((t) => t.fileId === fileId)) this.tabs = [...this.tabs, { fileId, path }];
        this.activeFileId = fileId;
      });
      this.files.reveal(fileId);
    } catch (error) {
      this.notifyError(`Could not open ${path}: ${(error as Error).message}`);
    }
  }

  activate(fileId: string): void {
    if (this.tabs.some((t) => t.fileId === fileId)) this.activeFileId = fileId;
  }

  closeTab(fileId: string): void {
    const index = this.tabs.findIndex((t) => t.fileId === fileId);
    if (index < 0) return;
    this.tabs = this.tabs.filter((t) => t.fileId !== fileId);
    if (this.activeFileId === fileId) this.activeFileId = this.tabs[Math.min(index, this.tabs.length - 1)]?.fileId;
    const session = this.sessions.get(fileId);
    this.sessions.delete(fileId);
    if (session) void this.closeWhenSynchronized(session);
    const binary = new Set(this.binaryFileIds);
    if (binary.delete(fileId)) this.binaryFileIds = binary;
  }

  /**
   * Closing a tab must not lose edits still in flight: the session keeps running until the server has them all
   * (or it gives up after SAVE_WAIT_LIMIT_MS, or the document cannot sync), then the file is closed on the server.
   */
  private async closeWhenSynchronized(session: DocumentSession): Promise<void> {
    this.closing.set(session.fileId, session);
    const deadline = Date.now() + SAVE_WAIT_LIMIT_MS;
    while (!session.isSynchronized && session.linkState !== 'OUT_OF_SYNC' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, SAVE_WAIT_STEP_MS));
      if (this.sessions.get(session.fileId)) break; // reopened meanwhile: a new session took over
    }
    if (this.closing.get(session.fileId) === session) this.closing.delete(session.fileId);
    session.dispose();
    if (!this.sessions.has(session.fileId)) await this.documents.close(session.fileId).catch(() => undefined);
  }

  /** Ctrl/Cmd+S: waits in 50 ms steps until the server has every edit, then saves; nothing if clean. */
  async save(fileId = this.activeFileId): Promise<void> {
    const session = fileId ? this.sessions.get(fileId) : undefined;
    if (!session || !session.isDirty) return;
    const deadline = Date.now() + SAVE_WAIT_LIMIT_MS;
    while (!session.isSynchronized) {
      if (Date.now() > deadline) return this.notifyError(`Could not save ${session.path}: edits are still being sent`);
      await new Promise((resolve) => setTimeout(resolve, SAVE_WAIT_STEP_MS));
    }
    try {
      await this.documents.save(session.fileId);
    } catch (error) {
      this.notifyError(`Could not save ${session.path}: ${(error as Error).message}`);
    }
  }

  /** After a re-join every open document is reconciled with the server. */
  async resyncAll(): Promise<void> {
    await Promise.all([...this.sessions.values()].map((s) => s.resync()));
  }
}
