import { Emitter } from '../../base/event';
import { DocumentsPort, OpenedDocument, RemoteOperation } from '../../application/ports/documents.port';
import { OffsetSelection } from '../../domain/ot/selection-transform';
import { TextOperation } from '../../domain/ot/text-operation';
import { PortError } from '../../application/ports/port-error';
import { FileObject, PitcherErrorCode } from '../../protocol';
import { PitcherClient } from './pitcher-client';

/** A file/open or file/openByPath answer as the port gives it (a binary file's bytes are not kept). */
function toOpenedDocument(file: FileObject): OpenedDocument {
  return {
    fileId: file.id,
    isBinary: file.isBinary,
    content: typeof file.content === 'string' ? file.content : '',
    revision: file.document?.revision ?? 0,
    savedHash: file.savedHash,
    selections: file.document?.clients ?? {},
    participants: file.clients ?? {},
  };
}

const PERMANENT_OPERATION_ERRORS = new Set<number>([PitcherErrorCode.FILE_TOO_LARGE, PitcherErrorCode.INVALID_TEXT]);

export class PitcherDocuments implements DocumentsPort {
  private readonly operation = new Emitter<RemoteOperation>();
  private readonly selections = new Emitter<{ fileId: string; selections: Record<string, OffsetSelection[] | null> }>();
  private readonly saved = new Emitter<{ fileId: string; savedHash: string }>();
  private readonly joined = new Emitter<{ fileId: string; clientId: string; username: string }>();
  private readonly left = new Emitter<{ fileId: string; clientId: string }>();
  readonly onDidReceiveOperation = this.operation.event;
  readonly onDidReceiveSelections = this.selections.event;
  readonly onDidSave = this.saved.event;
  readonly onDidJoinFile = this.joined.event;
  readonly onDidLeaveFile = this.left.event;

  constructor(private readonly client: PitcherClient) {
    client.onNotification('file/documentOperation', (p) => {
      const op = TextOperation.fromJSON(p.operation);
      // An invalid operation from the server cannot be applied: the document resyncs on the next open.
      if (op.ok) this.operation.fire({ fileId: p.id, operation: op.value, revision: p.revision });
    });
    client.onNotification('file/documentSelection', (p) => this.selections.fire({ fileId: p.id, selections: p.selections }));
    client.onNotification('file/save', (p) => this.saved.fire({ fileId: p.id, savedHash: p.savedHash }));
    client.onNotification('file/join', (p) => this.joined.fire({ fileId: p.id, clientId: p.clientId, username: p.username }));
    client.onNotification('file/leave', (p) => this.left.fire({ fileId: p.id, clientId: p.clientId }));
  }

  async open(fileId: string, isResync: boolean): Promise<OpenedDocument> {
    return toOpenedDocument(await this.client.request('file/open', { id: fileId, isResync }));
  }

  async openByPath(path: string, isResync: boolean): Promise<OpenedDocument> {
    return toOpenedDocument(await this.client.request('file/openByPath', { path, isResync }));
  }

  async sendOperation(fileId: string, revision: number, operation: TextOperation, seq: number): Promise<{ revision: number }> {
    try {
      return await this.client.request('file/documentOperation', { id: fileId, operation: operation.toJSON(), revision, seq });
    } catch (error) {
      // An edit whose text cannot be stored, or that would make the file too large, fails the same way every time.
      if (error instanceof PortError && error.kind === 'rejected' && PERMANENT_OPERATION_ERRORS.has(error.code ?? -1)) {
        throw new PortError('rejected', error.message, error.code, true);
      }
      throw error;
    }
  }

  async acknowledge(fileId: string, revision: number): Promise<void> {
    await this.client.request('file/documentAck', { id: fileId, revision });
  }

  async sendSelection(fileId: string, selections: OffsetSelection[]): Promise<void> {
    await this.client.request('file/documentSelection', { id: fileId, selection: selections, reason: 1 });
  }

  async save(fileId: string): Promise<void> {
    await this.client.request('file/save', { id: fileId, write: true });
  }

  async close(fileId: string): Promise<void> {
    await this.client.request('file/close', { id: fileId });
  }
}
