import { editorErrors } from '../../../domain/editor/editor.errors';
import { NodeType } from '../../../domain/fs/file-tree.types';
import { murmurHash } from '../../../domain/hash/murmur';
import { PreparedApply } from '../../../domain/ot/server-document';
import { ServerDocumentError } from '../../../domain/ot/server-document.errors';
import { TextOperation } from '../../../domain/ot/text-operation';
import {
  FileDocumentOperationParams,
  FileDocumentOperationResult,
  FileDocumentSelectionParams,
  FileObject,
  OperationReason,
  PitcherErrorCode,
} from '../../../protocol';
import { RepeatLimitedLog } from '../logging/repeat-limited-log';
import { ClientSession } from './client-session';
import { DiskSync } from './disk-sync';
import { DocumentDurability } from './document-durability';
import { BinaryFile, DocumentLoader, LoaderEnvironment } from './document-loader';
import { HandlerResult, done, fail } from './handler-result';
import { OpenDocument } from './open-document';
import { UnmergeableChange, closedForEditing, closedMessage, documentErrorCode } from './unmergeable-change';

/** A document nobody has open leaves memory after this long (unless it has unsaved edits: those stay, see close). */
export const IDLE_DOCUMENT_MS = 60_000;

const notOpen = (fileId: string) => fail(PitcherErrorCode.FILE_NOT_OPEN, `File ${fileId} is not open; open it before editing`);

export interface DocumentHubEvents {
  /** A document was closed for a change on disk it could not take: its participants are told `message`. */
  closedForDisk?(participants: ClientSession[], message: string): void;
}

/**
 * The open documents of a workspace. An operation is transformed, made durable, applied, and then acknowledged and
 * broadcast synchronously, so responses and notifications leave in apply order. Documents stay in memory while a
 * client has them open, for a minute after, and for as long as they hold unsaved edits (so changes on disk are
 * merged into them). A change on disk a document cannot take (the file grew past the limit, became binary, or does
 * not merge with the unsaved edits) closes it for editing: its participants are told, its edits and saves are
 * refused until the file opens again as text, and that open starts from the file on disk.
 */
export class DocumentHub {
  private readonly documents = new Map<string, OpenDocument>();
  private readonly loading = new Map<string, Promise<HandlerResult<OpenDocument | BinaryFile>>>();
  /** Documents closed for a change on disk (closeForDisk), with what their edits and saves get, until reopened. */
  private readonly closed = new Map<string, HandlerResult<never>>();
  private readonly loader: DocumentLoader;
  private readonly durability: DocumentDurability;
  readonly disk: DiskSync;
  /** Changes on disk that could not be taken recur on every event of a loop on disk: each cause is written once a minute. */
  private readonly diskLog: RepeatLimitedLog;

  constructor(
    private readonly env: LoaderEnvironment,
    private readonly events: DocumentHubEvents = {},
  ) {
    this.durability = new DocumentDurability(env.journal);
    this.diskLog = new RepeatLimitedLog((message) => env.log(message));
    this.loader = new DocumentLoader(env, this.durability);
    this.disk = new DiskSync(
      env,
      this.durability,
      (doc, prepared) => this.commit(doc, prepared, undefined, OperationReason.FS),
      (doc, change) => this.closeForDisk(doc, change),
    );
  }

  /** The document of `fileId` if it is in memory. */
  get(fileId: string): OpenDocument | undefined {
    return this.documents.get(fileId);
  }

  /**
   * Opens a file for a client. `answer`, when given, receives the result in the same step as the join, before any
   * operation can be applied: the response then leaves before the first notification the client gets for the file.
   */
  async open(session: ClientSession, fileId: string, answer?: (result: HandlerResult<FileObject>) => void): Promise<HandlerResult<FileObject>> {
    const loaded = await this.load(fileId);
    if (!loaded.ok) return loaded;
    if (!session.active) return fail(PitcherErrorCode.CRITICAL_ERROR, 'The connection was replaced by a newer one');
    if (!(loaded.value instanceof OpenDocument)) {
      return done({ id: fileId, isBinary: true, content: loaded.value.bytes, document: null, savedHash: '', clients: {} });
    }
    const doc = loaded.value;
    if (doc.closed) return this.open(session, fileId, answer); // closed for a change on disk meanwhile: read the disk again
    const isNew = !doc.has(session);
    doc.join(session);
    if (doc.evictTimer) clearTimeout(doc.evictTimer);
    doc.evictTimer = undefined;
    session.openFiles.add(fileId);
    if (isNew) {
      ClientSession.notifyAll(doc.others(session), 'file/join', { id: fileId, isBinary: false, clientId: session.clientId, username: session.json.username });
    }
    const opened = done({
      id: fileId,
      isBinary: false,
      content: doc.document.text,
      document: { clients: doc.selectionsJSON(), revision: doc.document.revision },
      savedHash: doc.savedHash,
      clients: doc.clientsJSON(),
    });
    answer?.(opened);
    return opened;
  }

  /** file/openByPath: the same as file/open for the tree node at a workspace-relative (or '/'-rooted) path. */
  openByPath(session: ClientSession, path: string, answer?: (result: HandlerResult<FileObject>) => void): Promise<HandlerResult<FileObject>> | HandlerResult<FileObject> {
    const node = this.env.tree.findByPath('/' + path.replace(/^\/+/, ''));
    if (!node) return fail(PitcherErrorCode.INVALID_PATH, editorErrors.fileDeleted().message);
    if (node.type !== NodeType.File) return fail(PitcherErrorCode.INVALID_PATH, `${path} is a directory`);
    return this.open(session, node.id, answer);
  }

  /**
   * A client's operation. An operation from a client that does not have the file open is refused, unless it is a
   * copy of one already applied (same client and seq): that is answered with the original revision, even when the
   * document has to be loaded from its journal first (after a restart).
   */
  operation(session: ClientSession, params: FileDocumentOperationParams): HandlerResult<FileDocumentOperationResult> | Promise<HandlerResult<FileDocumentOperationResult>> {
    const parsed = TextOperation.fromJSON(params.operation);
    if (!parsed.ok) return fail(PitcherErrorCode.INVALID_OPERATION, parsed.error.message);
    const doc = this.documents.get(params.id);
    if (doc) return this.operate(session, doc, parsed.value, params);
    const closed = this.closed.get(params.id);
    if (closed) return closed;
    if (params.seq === undefined) return notOpen(params.id);
    return this.load(params.id).then((loaded) =>
      loaded.ok && loaded.value instanceof OpenDocument ? this.operate(session, loaded.value, parsed.value, params) : notOpen(params.id),
    );
  }

  acknowledge(session: ClientSession, fileId: string, revision: number): HandlerResult<{ revision: number }> {
    const doc = this.documents.get(fileId);
    if (!doc) return fail(PitcherErrorCode.FILE_NOT_OPEN, `File ${fileId} is not open`);
    // Acknowledgements of clients that do not have the file open are ignored.
    if (doc.has(session)) doc.document.acknowledge(session.clientId, revision);
    return done({ revision: doc.document.revision });
  }

  selection(session: ClientSession, params: FileDocumentSelectionParams): HandlerResult<null> {
    const doc = this.documents.get(params.id);
    if (!doc || !doc.has(session)) return fail(PitcherErrorCode.FILE_NOT_OPEN, `File ${params.id} is not open`);
    const length = doc.document.length;
    const clamped = params.selection.map((s) => ({ anchor: Math.min(s.anchor, length), head: Math.min(s.head, length) }));
    doc.selections.set(session.clientId, clamped);
    ClientSession.notifyAll(doc.others(session), 'file/documentSelection', {
      id: params.id,
      selections: { [session.clientId]: clamped },
      reason: params.reason ?? 1,
    });
    return done(null);
  }

  /** Saves one file; saves (and merges of changes on disk) of one file run one at a time, in arrival order. */
  save(fileId: string, write: boolean): Promise<HandlerResult<null>> {
    const doc = this.documents.get(fileId);
    if (!doc) return Promise.resolve(this.closed.get(fileId) ?? fail(PitcherErrorCode.FILE_NOT_OPEN, `File ${fileId} is not open`));
    return doc.exclusive(() => this.disk.save(doc, write));
  }

  /** Ids of the documents in memory. */
  fileIds(): string[] {
    return [...this.documents.keys()];
  }

  /** The file changed on disk: merge the change into its document, if it is in memory. */
  async diskChanged(fileId: string): Promise<void> {
    const doc = this.documents.get(fileId);
    if (!doc) return;
    const taken = await doc.exclusive(() => this.disk.reconcile(doc));
    if (!taken.ok && !doc.closed) this.diskLog.log(`could not take the change on disk of ${fileId}: ${taken.error.message}`);
  }

  close(session: ClientSession, fileId: string): HandlerResult<null> {
    session.openFiles.delete(fileId);
    const doc = this.documents.get(fileId);
    if (!doc || !doc.has(session)) return done(null);
    doc.leave(session.clientId);
    ClientSession.notifyAll(doc.all(), 'file/leave', { id: fileId, isBinary: false, clientId: session.clientId, username: session.json.username });
    if (doc.participants.size === 0) this.idle(doc);
    return done(null);
  }

  closeAll(session: ClientSession): void {
    for (const fileId of [...session.openFiles]) this.close(session, fileId);
  }

  /**
   * Shutting down: every save and merge finishes and is recorded in its journal (a save whose file was written but
   * not recorded would count as unsaved edits after the restart, and those win over a later change on disk), also
   * those asked for meanwhile; then the journal handles are released.
   */
  async shutDown(): Promise<void> {
    for (let busy = this.busyDocuments(); busy.length > 0; busy = this.busyDocuments()) await Promise.all(busy.map((doc) => doc.settled()));
    this.dispose();
  }

  private busyDocuments(): OpenDocument[] {
    return [...this.documents.values()].filter((doc) => doc.isBusy);
  }

  /** Releases every journal handle and forgets the documents at once (see shutDown). */
  dispose(): void {
    for (const doc of this.documents.values()) {
      if (doc.evictTimer) clearTimeout(doc.evictTimer);
      this.durability.close(doc);
      this.env.tree.release(doc.fileId);
    }
    this.documents.clear();
  }

  private operate(
    session: ClientSession,
    doc: OpenDocument,
    op: TextOperation,
    params: FileDocumentOperationParams,
  ): HandlerResult<FileDocumentOperationResult> {
    const origin = { clientId: session.clientId, seq: params.seq };
    if (!doc.has(session)) {
      const known = params.seq === undefined ? undefined : doc.document.appliedSeq(session.clientId);
      return known && known.seq === params.seq ? done({ id: params.id, revision: known.revision }) : notOpen(params.id);
    }
    const prepared = doc.document.prepare(params.revision, op, origin);
    if (!prepared.ok) return operationError(prepared.error);
    if (prepared.value.kind === 'duplicate') return done({ id: params.id, revision: prepared.value.revision });
    const committed = this.commit(doc, prepared.value, session, OperationReason.USER);
    return committed.ok ? done({ id: params.id, revision: committed.value }) : committed;
  }

  /** Journal, apply, tell the other participants. Returns the new revision. */
  private commit(doc: OpenDocument, prepared: PreparedApply, sender: ClientSession | undefined, reason: OperationReason): HandlerResult<number> {
    try {
      this.durability.record(doc, prepared);
    } catch (error) {
      this.env.log(`could not journal an edit of ${doc.fileId}: ${(error as Error).message}`);
      return fail(PitcherErrorCode.CRITICAL_ERROR, 'The edit could not be stored; it was not applied');
    }
    const received = doc.document.commit(prepared);
    try {
      this.durability.committed(doc);
    } catch (error) {
      this.env.log(`could not compact the journal of ${doc.fileId}: ${(error as Error).message}`);
    }
    doc.transformSelections(received.operation);
    const recipients = sender ? doc.others(sender) : doc.all();
    ClientSession.notifyAll(recipients, 'file/documentOperation', {
      id: doc.fileId,
      operation: received.operation.toJSON(),
      revision: received.revision,
      reason,
    });
    return done(received.revision);
  }

  /**
   * A change on disk the document cannot take (DiskSync): it leaves the hub and its journal goes, its participants
   * are told, and its edits and saves are refused with the returned error until the file is opened again as text.
   * Runs in the document's turn (DocumentHub.save, diskChanged): saves queued behind it see `doc.closed`.
   */
  private closeForDisk(doc: OpenDocument, change: UnmergeableChange): HandlerResult<never> {
    const path = this.env.tree.pathOf(doc.fileId);
    const message = closedMessage(path.ok ? path.value : doc.fileId, change);
    const refusal = closedForEditing(message, change);
    doc.closed = refusal;
    if (this.documents.get(doc.fileId) === doc) this.forget(doc);
    this.closed.set(doc.fileId, refusal);
    if (doc.evictTimer) clearTimeout(doc.evictTimer);
    doc.evictTimer = undefined;
    try {
      this.durability.discard(doc);
    } catch (error) {
      this.env.log(`could not remove the journal of ${doc.fileId}: ${(error as Error).message}`);
    }
    const participants = doc.all();
    for (const session of participants) session.openFiles.delete(doc.fileId);
    this.env.log(message);
    if (participants.length > 0) this.events.closedForDisk?.(participants, message);
    return refusal;
  }

  /** Nobody has the document open: release its journal handle and let it leave memory later if it is saved. */
  private idle(doc: OpenDocument): void {
    this.durability.close(doc);
    if (doc.evictTimer) clearTimeout(doc.evictTimer);
    doc.evictTimer = setTimeout(() => {
      doc.evictTimer = undefined;
      if (doc.participants.size > 0 || this.documents.get(doc.fileId) !== doc) return;
      if (doc.hasUnsavedChanges) return; // kept, so changes made on disk are merged into the unsaved edits
      this.forget(doc);
    }, IDLE_DOCUMENT_MS);
    doc.evictTimer.unref?.();
  }

  /** The document leaves memory; its file id is no longer kept through a gap on disk. */
  private forget(doc: OpenDocument): void {
    this.documents.delete(doc.fileId);
    this.env.tree.release(doc.fileId);
  }

  private load(fileId: string): Promise<HandlerResult<OpenDocument | BinaryFile>> {
    const existing = this.documents.get(fileId);
    if (existing) return Promise.resolve(done(existing));
    let pending = this.loading.get(fileId);
    if (!pending) {
      // Retained from the start: a file that leaves the tree while it loads comes back under its id too.
      this.env.tree.retain(fileId);
      pending = this.loader
        .load(fileId)
        .then((loaded) => {
          if (loaded.ok && loaded.value instanceof OpenDocument) {
            this.closed.delete(fileId);
            this.documents.set(fileId, loaded.value);
            this.idle(loaded.value);
          }
          return loaded;
        })
        .finally(() => {
          this.loading.delete(fileId);
          if (!this.documents.has(fileId)) this.env.tree.release(fileId);
        });
      this.loading.set(fileId, pending);
    }
    return pending;
  }
}

function operationError(error: ServerDocumentError): HandlerResult<never> {
  return fail(documentErrorCode(error), error.message);
}
