import { inject, injectable, optional } from 'inversify';
import { action, computed, makeObservable, observable, reaction, runInAction } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { Emitter, Event } from '../../base/event';
import { pickInitialFile } from '../../domain/editor/initial-file';
import { checkDisplayable } from '../../domain/editor/file-size';
import { ResyncFamily } from '../../domain/connection/resync-order';
import { FileTreeStore } from '../files/file-tree.store';
import { DocumentsPort, OpenedDocument } from '../ports/documents.port';
import { NotifyError } from '../tokens';
import { AccessStore } from '../workspace/access.store';
import { ResyncParticipant } from '../workspace/resync-participant';
import { DocumentSession, SequenceSource } from './document-session';
import { EditorGroupsStore } from './editor-groups.store';
import { FileTab, OpenTarget, fileKey } from '../../domain/editor/editor-groups';

/** Saving waits for pending operations in steps of this length (spec 002 §9). */
export const SAVE_WAIT_STEP_MS = 50;
export const SAVE_WAIT_LIMIT_MS = 10_000;

export interface EditorTab {
  fileId: string;
  path: string;
}

/**
 * Open files and their collaborative sessions: one session per file, however many editor groups show it
 * (EditorGroupsStore holds the groups' tabs); a session closes when no group shows its file any more. `open`,
 * `activate`, `closeTab`, `active` and `activeFileId` act on the active group; `tabs` lists every open file. A
 * session follows its file through renames and moves (followPath), as the tabs do.
 */
@injectable()
export class EditorStore extends DisposableBase implements ResyncParticipant {
  /** The open documents are the files family's (file/open with isResync). */
  readonly family: ResyncFamily = 'files';
  readonly skipsInitialLoad = true;
  readonly groups: EditorGroupsStore;
  binaryFileIds: ReadonlySet<string> = new Set();
  private readonly sessions = new Map<string, DocumentSession>();
  /** Sessions of closed tabs whose last edits are still on their way to the server. */
  private readonly closing = new Map<string, DocumentSession>();
  /** Stops each session's following of its file's path (followPath), when the session goes. */
  private readonly following = new Map<DocumentSession, () => void>();
  /** Saves under way, so that two requests for one file (two editors losing focus) save once. */
  private readonly saving = new Map<string, RunningSave>();
  private selfId = '';
  private readonly localEdits = new Emitter<{ fileId: string }>();
  /** The user edited an open document while it was synced (following stops on it, spec 002 §4). */
  readonly onDidEditLocally: Event<{ fileId: string }> = this.localEdits.event;
  /** One increasing sequence for all of this client's operations, across documents and reconnects. */
  private readonly seqs: SequenceSource = (() => {
    let last = 0;
    return { next: () => ++last };
  })();

  /** Open files the tree had and no longer has. */
  private readonly deletedIds = observable.set<string>();

  constructor(
    @inject(DocumentsPort) private readonly documents: DocumentsPort,
    @inject(FileTreeStore) private readonly files: FileTreeStore,
    @inject(NotifyError) private readonly notifyError: NotifyError,
    @inject(AccessStore) private readonly access: AccessStore,
    @inject(EditorGroupsStore) @optional() groups?: EditorGroupsStore,
  ) {
    super();
    this.register(this.localEdits);
    this.register(() => {
      for (const session of [...this.sessions.values()]) this.disposeSession(session);
    });
    this.groups = groups ?? new EditorGroupsStore();
    makeObservable(this, {
      tabs: computed,
      activeFileId: computed,
      binaryFileIds: observable.ref,
      active: computed,
      canEdit: computed,
      canSave: computed,
      activate: action,
      closeTab: action,
    });
    // A file no group shows any more: its session closes (once the server has its edits).
    this.register(
      reaction(
        () => this.groups.openFileIds,
        (open) => this.release(open),
      ),
    );
    // A closing tab's session still takes operations until the server has all of its edits (see closeTab).
    const route = (fileId: string) => this.sessions.get(fileId) ?? this.closing.get(fileId);
    this.register(documents.onDidReceiveOperation((e) => route(e.fileId)?.receiveRemote(e.operation, e.revision)));
    this.register(documents.onDidReceiveSelections((e) => route(e.fileId)?.receiveSelections(e.selections)));
    this.register(documents.onDidSave((e) => route(e.fileId)?.markSaved(e.savedHash)));
    this.register(documents.onDidLeaveFile((e) => route(e.fileId)?.forgetClient(e.clientId)));
  }

  /** Every open file once (all groups), e.g. to save them all. */
  get tabs(): readonly EditorTab[] {
    return this.groups.fileTabs.map(({ fileId, path }) => ({ fileId, path }));
  }

  /** The file the active group shows; undefined when it shows a new-tab page. */
  get activeFileId(): string | undefined {
    return this.groups.activeFile?.fileId;
  }

  get active(): DocumentSession | undefined {
    return this.activeFileId ? this.sessions.get(this.activeFileId) : undefined;
  }

  /** Whether this client may type in documents now (file.documentOperation): the editors are read-only without it. */
  get canEdit(): boolean {
    return this.access.can.edit;
  }

  /** Whether this client may save now (file.save): Ctrl/Cmd+S, the Save action and autosave do nothing without it. */
  get canSave(): boolean {
    return this.access.can.save;
  }

  session(fileId: string): DocumentSession | undefined {
    return this.sessions.get(fileId);
  }

  private requestedInitialFile: string | undefined;

  setSelf(clientId: string): void {
    this.selfId = clientId;
  }

  /** Runs before every save that goes ahead (format on save, spec 002 §5: 'Saving formats first, then saves'). */
  setBeforeSave(participant: ((session: DocumentSession) => Promise<void>) | undefined): void {
    this.beforeSave = participant;
  }

  private beforeSave: ((session: DocumentSession) => Promise<void>) | undefined;

  /** The visit's `?file=` (docs/client/workbench.md): opened first when it exists. */
  requestInitialFile(path: string | undefined): void {
    this.requestedInitialFile = path;
  }

  /** The first file as the server picked it from the spec's list (the editor page's boot data). */
  private expectedInitialFile: string | undefined;
  /** The first file asked for right after the join, with the tree: its path and the answer (undefined: it failed). */
  private prefetched: { path: string; opened: Promise<OpenedDocument | undefined> } | undefined;

  expectInitialFile(path: string | undefined): void {
    this.expectedInitialFile = path;
  }

  /**
   * Asks for the document the first layout will open (the requested `?file=`, else the server's pick) while the tree
   * loads, so it is there when the tree is (issue 7: no round trip after the tree). Nothing when this user's saved
   * groups will be restored instead.
   */
  prefetchInitialFile(): void {
    const path = (this.requestedInitialFile ?? this.expectedInitialFile)?.replace(/^\/+/, '');
    if (path === undefined || path === '' || this.groups.savedLayout() || this.prefetched) return;
    this.prefetched = { path, opened: this.documents.openByPath(path, false).catch(() => undefined) };
  }

  /** The prefetched document of `path`, taken once (a later open asks the server as usual). */
  private async takePrefetched(path: string): Promise<OpenedDocument | undefined> {
    const prefetched = this.prefetched;
    if (prefetched?.path !== path) return undefined;
    this.prefetched = undefined;
    return prefetched.opened;
  }

  /**
   * The first layout of a visit: this user's saved groups of this sandbox (files that still exist), else the first
   * existing file of the spec's ordered list in the first group (spec 002 §2); then the requested `?file=`, if it
   * exists (in the tree, or in the workspace: file/openByPath), in the active group. From then on the groups are saved
   * on every change.
   */
  async openInitialFile(): Promise<void> {
    const saved = this.groups.savedLayout();
    if (saved) await this.restoreGroups(saved.groups.flatMap((g) => g.files), (resolve) => this.groups.restore(saved, resolve));
    const requested = this.requestedInitialFile;
    const listed = requested ? this.files.fileAt(requested) : undefined;
    if (listed) await this.open(listed.id);
    // A requested file the tree does not list (yet) is asked for by its path; one the workspace lacks is left out.
    else if (!(requested && (await this.openByPath(requested, undefined, { quiet: true }))) && !saved) {
      const initial = pickInitialFile((p) => this.files.fileAt(p) !== undefined);
      const node = initial ? this.files.fileAt(initial) : undefined;
      if (node) await this.open(node.id);
    }
    if (!saved) this.groups.restore(undefined);
    this.dropPrefetched();
  }

  /** A prefetched document the first layout did not show (the tree said otherwise meanwhile) is closed again. */
  private dropPrefetched(): void {
    const left = this.prefetched;
    this.prefetched = undefined;
    void left?.opened.then((opened) => {
      if (opened && !this.sessions.has(opened.fileId) && !this.binaryFileIds.has(opened.fileId)) return this.documents.close(opened.fileId);
    }).catch(() => undefined);
  }

  /** Opens the documents of saved tabs together, then shows the groups with those that opened. */
  private async restoreGroups(paths: readonly string[], show: (resolve: (path: string) => FileTab | undefined) => void): Promise<void> {
    const nodes = [...new Set(paths)].flatMap((path) => {
      const node = this.files.fileAt(path);
      return node ? [{ fileId: node.id, path }] : [];
    });
    for (const { fileId } of nodes) this.restoring.add(fileId);
    const loads = await Promise.allSettled(nodes.map(({ fileId, path }) => this.load(fileId, path)));
    runInAction(() => {
      const shown = new Map<string, FileTab>();
      loads.forEach((load, i) => {
        const { fileId, path } = nodes[i];
        if (load.status === 'rejected') return this.notifyError(`Could not open ${path}: ${(load.reason as Error).message}`);
        try {
          load.value();
          shown.set(path, { kind: 'file', fileId, path });
        } catch (error) {
          this.notifyError(`Could not open ${path}: ${(error as Error).message}`);
        }
      });
      this.restoring.clear();
      show((path) => shown.get(path));
      this.release(this.groups.openFileIds);
    });
  }

  private readonly restoring = new Set<string>();

  /** Opens a file in the active group (or `target`): a file that group already has becomes its active tab. */
  async open(fileId: string, target?: OpenTarget): Promise<void> {
    const path = this.files.pathOf(fileId) ?? this.sessions.get(fileId)?.path ?? fileId;
    try {
      const loaded = this.sessions.has(fileId) || this.binaryFileIds.has(fileId) ? undefined : await this.loadOrTakePrefetched(fileId, path);
      runInAction(() => {
        loaded?.();
        this.groups.open({ kind: 'file', fileId, path: this.sessions.get(fileId)?.path ?? path }, target);
      });
      if (loaded) this.files.reveal(fileId);
    } catch (error) {
      this.notifyError(`Could not open ${path}: ${(error as Error).message}`);
    }
  }

  /**
   * Opens the file at a workspace path ('src/App.tsx', a leading '/' allowed; quick open, `?file=`): by its tree node
   * when the client's tree has one, else by asking the workspace for the path (file/openByPath), for a file the tree
   * has not caught up with yet. A failure is told to the user.
   */
  async openPath(path: string, target?: OpenTarget): Promise<void> {
    const node = this.files.fileAt(path.replace(/^\/+/, ''));
    if (node) return this.open(node.id, target);
    await this.openByPath(path, target, { quiet: false });
  }

  /** file/openByPath; resolves whether the file opened (`quiet`: a failure is not told). */
  private async openByPath(rawPath: string, target: OpenTarget | undefined, { quiet }: { quiet: boolean }): Promise<boolean> {
    const path = rawPath.replace(/^\/+/, '');
    let opened: OpenedDocument;
    try {
      opened = (await this.takePrefetched(path)) ?? (await this.documents.openByPath(path, false));
    } catch (error) {
      if (!quiet) this.notifyError(`Could not open ${path}: ${(error as Error).message}`);
      return false;
    }
    const { fileId } = opened;
    const known = this.files.pathOf(fileId) ?? path;
    try {
      runInAction(() => {
        this.keep(opened, known)();
        this.groups.open({ kind: 'file', fileId, path: this.sessions.get(fileId)?.path ?? known }, target);
      });
      return true;
    } catch (error) {
      this.notifyError(`Could not open ${path}: ${(error as Error).message}`);
      return false;
    }
  }

  /** The prefetched document when it is this file's (a rename meanwhile: asked again), else asks the server. */
  private async loadOrTakePrefetched(fileId: string, path: string): Promise<() => void> {
    const prefetched = await this.takePrefetched(path);
    if (prefetched && prefetched.fileId === fileId) return this.keep(prefetched, path);
    if (prefetched) void this.documents.close(prefetched.fileId).catch(() => undefined);
    return this.load(fileId, path);
  }

  /** Asks the server for a document; the returned function (run in an action) keeps its session. */
  private async load(fileId: string, path: string): Promise<() => void> {
    return this.keep(await this.documents.open(fileId, false), path);
  }

  /** The function (run in an action) that keeps an opened document's session, unless it has one already. */
  private keep(opened: OpenedDocument, path: string): () => void {
    const fileId = opened.fileId;
    return () => {
      if (opened.isBinary) this.binaryFileIds = new Set(this.binaryFileIds).add(fileId);
      else if (!this.sessions.has(fileId)) {
        const displayable = checkDisplayable(opened.content.length);
        if (!displayable.ok) throw new Error(displayable.error.message);
        const options = { selfId: this.selfId, seqs: this.seqs, onError: this.notifyError, onLocalEdit: () => this.localEdits.fire({ fileId }) };
        const session = new DocumentSession(fileId, path, opened, this.documents, options);
        this.sessions.set(fileId, session);
        this.followPath(session);
      }
    };
  }

  /**
   * An open document goes by the path the client's file tree has for its file id: a rename or move of the file or
   * of a folder above it (in the explorer, by another client or on the disk, even while the document was loading)
   * renames the document too. A file the tree no longer has (deleted) keeps its last path, as its tab does, and is
   * marked deleted (isDeleted) until the tree has it again; one the tree never had (a folder not listed yet) is not.
   */
  private followPath(session: DocumentSession): void {
    const stop = reaction(
      () => this.files.pathOf(session.fileId),
      (path, previous) =>
        runInAction(() => {
          if (path === undefined) {
            if (previous !== undefined) this.deletedIds.add(session.fileId);
            return;
          }
          this.deletedIds.delete(session.fileId);
          if (path !== session.path) session.movedTo(path);
        }),
      { fireImmediately: true },
    );
    this.following.set(session, stop);
  }

  /** Whether the open file `fileId` was deleted from the tree (its tab shows it; its content is still here). */
  isDeleted(fileId: string): boolean {
    return this.deletedIds.has(fileId);
  }

  private disposeSession(session: DocumentSession): void {
    runInAction(() => this.deletedIds.delete(session.fileId));
    this.following.get(session)?.();
    this.following.delete(session);
    session.dispose();
  }

  /** Shows an open file: in the active group when it has a tab there, else in the first group that has one. */
  activate(fileId: string): void {
    const group = this.groups.groupWithFile(fileId);
    if (group) this.groups.activate(group.id, fileKey(fileId));
  }

  /** Closes a file's tab in the active group (or the first group that has it); it can be reopened (Alt+Shift+T). */
  closeTab(fileId: string): void {
    const group = this.groups.groupWithFile(fileId);
    if (group) this.groups.close(group.id, fileKey(fileId));
  }

  /** Reopens the most recently closed tab whose file still exists, where it was. */
  async reopenClosed(): Promise<void> {
    for (let closed = this.groups.takeRecentlyClosed(); closed; closed = this.groups.takeRecentlyClosed()) {
      const node = this.files.fileAt(closed.path);
      if (node) return this.open(node.id, { groupId: closed.groupId, index: closed.index });
    }
  }

  /** Sessions of files no group shows any more close; so do binary files' entries. */
  private release(open: ReadonlySet<string>): void {
    const kept = (fileId: string) => open.has(fileId) || this.restoring.has(fileId);
    for (const [fileId, session] of [...this.sessions]) {
      if (kept(fileId)) continue;
      this.sessions.delete(fileId);
      void this.closeWhenSynchronized(session);
    }
    const binary = [...this.binaryFileIds].filter(kept);
    if (binary.length !== this.binaryFileIds.size) runInAction(() => (this.binaryFileIds = new Set(binary)));
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
    this.disposeSession(session);
    if (!this.sessions.has(session.fileId)) await this.documents.close(session.fileId).catch(() => undefined);
  }

  /**
   * Ctrl/Cmd+S: formats (setBeforeSave), waits in 50 ms steps until the server has every edit, then saves; nothing if
   * clean, or without save permission.
   */
  async save(fileId = this.activeFileId): Promise<void> {
    const session = fileId ? this.sessions.get(fileId) : undefined;
    if (!session || !session.isDirty || !this.canSave) return;
    const running = this.saving.get(session.fileId);
    if (running) return this.saveAfter(running, session);
    const save: RunningSave = { done: Promise.resolve() };
    save.done = this.saveSession(session, save).finally(() => this.saving.delete(session.fileId));
    this.saving.set(session.fileId, save);
    return save.done;
  }

  /**
   * A save asked for while one runs: that one saves this call's text too, unless its request already left without
   * the edits made since; then one more save follows it (shared by every call until it starts).
   */
  private saveAfter(running: RunningSave, session: DocumentSession): Promise<void> {
    if (running.sentVersion === undefined || running.sentVersion === session.version) return running.done;
    running.again ??= running.done.then(() => this.save(session.fileId));
    return running.again;
  }

  private async saveSession(session: DocumentSession, save: RunningSave): Promise<void> {
    await this.beforeSave?.(session);
    const deadline = Date.now() + SAVE_WAIT_LIMIT_MS;
    while (!session.isSynchronized) {
      if (Date.now() > deadline) return this.notifyError(`Could not save ${session.path}: edits are still being sent`);
      await new Promise((resolve) => setTimeout(resolve, SAVE_WAIT_STEP_MS));
    }
    save.sentVersion = session.version;
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

  resync(): Promise<void> {
    return this.resyncAll();
  }
}

/** A save under way: its end, the text version its request carried once sent, and the save asked for after it. */
interface RunningSave {
  done: Promise<void>;
  sentVersion?: number;
  again?: Promise<void>;
}
