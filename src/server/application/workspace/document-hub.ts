import { murmurHash } from '../../../domain/hash/murmur';
import { MAX_DISPLAYED_FILE_SIZE, checkDisplayable } from '../../../domain/editor/file-size';
import { ServerDocument } from '../../../domain/ot/server-document';
import { TextOperation } from '../../../domain/ot/text-operation';
import {
  FileDocumentOperationParams,
  FileDocumentOperationResult,
  FileDocumentSelectionParams,
  FileObject,
  OperationReason,
  PitcherErrorCode,
} from '../../../protocol';
import { DocumentJournal } from '../ports/document-journal.port';
import { WorkspaceFiles } from '../ports/workspace-files.port';
import { ClientSession } from './client-session';
import { HandlerResult, done, fail } from './handler-result';
import { OpenDocument } from './open-document';
import { WorkspaceTree } from './workspace-tree';

/**
 * The open documents of a workspace. Operations are transformed, applied, journalled and then
 * acknowledged and broadcast synchronously, so responses and notifications leave in apply order.
 */
export class DocumentHub {
  private readonly documents = new Map<string, OpenDocument>();
  private readonly opening = new Map<string, Promise<HandlerResult<OpenDocument | 'binary'>>>();

  constructor(
    private readonly tree: WorkspaceTree,
    private readonly files: WorkspaceFiles,
    private readonly journal: DocumentJournal,
  ) {}

  async open(session: ClientSession, fileId: string): Promise<HandlerResult<FileObject>> {
    const loaded = await this.load(fileId);
    if (!loaded.ok) return loaded;
    if (loaded.value === 'binary') {
      const path = this.tree.pathOf(fileId);
      if (!path.ok) return fail(PitcherErrorCode.INVALID_ID, path.error);
      const content = await this.files.read(path.value);
      const bytes = content.kind === 'binary' ? content.bytes : new TextEncoder().encode(content.text);
      return done({ id: fileId, isBinary: true, content: bytes, document: null, savedHash: '', clients: {} });
    }
    const doc = loaded.value;
    const isNew = !doc.participants.has(session.clientId);
    doc.join(session);
    session.openFiles.add(fileId);
    if (isNew) {
      for (const other of doc.others(session.clientId)) {
        other.notify('file/join', { id: fileId, isBinary: false, clientId: session.clientId, username: session.json.username });
      }
    }
    return done({
      id: fileId,
      isBinary: false,
      content: doc.document.text,
      document: { clients: doc.selectionsJSON(), revision: doc.document.revision },
      savedHash: doc.savedHash,
      clients: doc.clientsJSON(),
    });
  }

  operation(session: ClientSession, params: FileDocumentOperationParams): HandlerResult<FileDocumentOperationResult> {
    const doc = this.documents.get(params.id);
    if (!doc || !doc.participants.has(session.clientId)) {
      return fail(PitcherErrorCode.FILE_NOT_OPEN, `File ${params.id} is not open; open it before editing`);
    }
    const parsed = TextOperation.fromJSON(params.operation);
    if (!parsed.ok) return fail(PitcherErrorCode.INVALID_OPERATION, parsed.error.message);
    if (!doc.journalStarted) {
      this.journal.begin(doc.fileId, doc.document.text, doc.document.revision);
      doc.journalStarted = true;
    }
    const received = doc.document.receive(params.revision, parsed.value);
    if (!received.ok) {
      const code = received.error.kind.startsWith('revision') ? PitcherErrorCode.INVALID_REVISION : PitcherErrorCode.INVALID_OPERATION;
      return fail(code, received.error.message);
    }
    const applied = received.value;
    const revision = doc.document.revision;
    this.journal.append(doc.fileId, revision, applied.toJSON());
    doc.transformSelections(applied);
    ClientSession.notifyAll(doc.others(session.clientId), 'file/documentOperation', {
      id: params.id,
      operation: applied.toJSON(),
      revision,
      reason: OperationReason.USER,
    });
    return done({ id: params.id, revision });
  }

  acknowledge(session: ClientSession, fileId: string, revision: number): HandlerResult<{ revision: number }> {
    const doc = this.documents.get(fileId);
    if (!doc) return fail(PitcherErrorCode.FILE_NOT_OPEN, `File ${fileId} is not open`);
    doc.document.acknowledge(session.clientId, revision);
    return done({ revision: doc.document.revision });
  }

  selection(session: ClientSession, params: FileDocumentSelectionParams): HandlerResult<null> {
    const doc = this.documents.get(params.id);
    if (!doc || !doc.participants.has(session.clientId)) return fail(PitcherErrorCode.FILE_NOT_OPEN, `File ${params.id} is not open`);
    const length = doc.document.length;
    const clamped = params.selection.map((s) => ({ anchor: Math.min(s.anchor, length), head: Math.min(s.head, length) }));
    doc.selections.set(session.clientId, clamped);
    ClientSession.notifyAll(doc.others(session.clientId), 'file/documentSelection', {
      id: params.id,
      selections: { [session.clientId]: clamped },
      reason: params.reason ?? 1,
    });
    return done(null);
  }

  async save(fileId: string, write: boolean): Promise<HandlerResult<null>> {
    const doc = this.documents.get(fileId);
    if (!doc) return fail(PitcherErrorCode.FILE_NOT_OPEN, `File ${fileId} is not open`);
    const path = this.tree.pathOf(fileId);
    if (!path.ok) return fail(PitcherErrorCode.INVALID_ID, path.error);
    const text = doc.document.text;
    const revision = doc.document.revision;
    if (write) await this.files.writeText(path.value, text);
    doc.savedHash = murmurHash(text);
    // Edits that arrived during the write stay journalled (base + all operations is still valid).
    if (write && doc.document.revision === revision) {
      this.journal.clear(fileId);
      doc.journalStarted = false;
    }
    ClientSession.notifyAll([...doc.participants.values()], 'file/save', { id: fileId, isBinary: false, content: text, savedHash: doc.savedHash });
    return done(null);
  }

  close(session: ClientSession, fileId: string): HandlerResult<null> {
    session.openFiles.delete(fileId);
    const doc = this.documents.get(fileId);
    if (!doc || !doc.participants.has(session.clientId)) return done(null);
    doc.leave(session.clientId);
    for (const other of doc.participants.values()) {
      other.notify('file/leave', { id: fileId, isBinary: false, clientId: session.clientId, username: session.json.username });
    }
    // Unsaved edits are in the journal; an unused document can leave memory.
    if (doc.participants.size === 0) this.documents.delete(fileId);
    return done(null);
  }

  closeAll(session: ClientSession): void {
    for (const fileId of [...session.openFiles]) this.close(session, fileId);
  }

  private load(fileId: string): Promise<HandlerResult<OpenDocument | 'binary'>> {
    const existing = this.documents.get(fileId);
    if (existing) return Promise.resolve(done(existing));
    let pending = this.opening.get(fileId);
    if (!pending) {
      pending = this.read(fileId).finally(() => this.opening.delete(fileId));
      this.opening.set(fileId, pending);
    }
    return pending;
  }

  private async read(fileId: string): Promise<HandlerResult<OpenDocument | 'binary'>> {
    const node = this.tree.get(fileId);
    if (!node) return fail(PitcherErrorCode.INVALID_ID, `Failed to retrieve a path for the file (id: ${fileId}): file not found.`);
    if (node.type !== 0) return fail(PitcherErrorCode.INVALID_ID, `${fileId} is a directory, not a file`);
    const path = this.tree.pathOf(fileId);
    if (!path.ok) return fail(PitcherErrorCode.INVALID_ID, path.error);
    const content = await this.files.read(path.value);
    if (content.kind === 'binary') return done('binary');
    const displayable = checkDisplayable(content.text.length);
    if (!displayable.ok) return fail(PitcherErrorCode.INVALID_ID, displayable.error.message, { limit: MAX_DISPLAYED_FILE_SIZE });
    const journalled = this.journal.read(fileId);
    const doc = journalled ? this.replay(fileId, journalled, murmurHash(content.text)) : undefined;
    const opened = doc ?? new OpenDocument(fileId, new ServerDocument(content.text, 0), murmurHash(content.text));
    this.documents.set(fileId, opened);
    return done(opened);
  }

  /** Restores unsaved edits after a restart: the journal's base plus every journalled operation. */
  private replay(fileId: string, state: NonNullable<ReturnType<DocumentJournal['read']>>, savedHash: string): OpenDocument | undefined {
    let text = state.base;
    for (const entry of state.operations) {
      const op = TextOperation.fromJSON(entry.operation);
      const next = op.ok ? op.value.apply(text) : undefined;
      if (!next || !next.ok) break;
      text = next.value;
    }
    const revision = state.baseRevision + state.operations.length;
    const doc = new OpenDocument(fileId, new ServerDocument(text, revision), savedHash);
    doc.journalStarted = true;
    return doc;
  }
}
