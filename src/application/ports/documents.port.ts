import { Event } from '../../base/event';
import { OffsetSelection } from '../../domain/ot/selection-transform';
import { TextOperation } from '../../domain/ot/text-operation';

/** Collaborative text documents (the OT file sync of spec 002 §4). */
export const DocumentsPort = Symbol('DocumentsPort');

export interface OpenedDocument {
  fileId: string;
  isBinary: boolean;
  content: string;
  revision: number;
  savedHash: string;
  selections: Record<string, OffsetSelection[] | null>;
  participants: Record<string, { username: string }>;
}

export interface RemoteOperation {
  fileId: string;
  operation: TextOperation;
  revision: number;
}

export interface DocumentsPort {
  readonly onDidReceiveOperation: Event<RemoteOperation>;
  readonly onDidReceiveSelections: Event<{ fileId: string; selections: Record<string, OffsetSelection[] | null> }>;
  readonly onDidSave: Event<{ fileId: string; savedHash: string }>;
  readonly onDidJoinFile: Event<{ fileId: string; clientId: string; username: string }>;
  readonly onDidLeaveFile: Event<{ fileId: string; clientId: string }>;
  open(fileId: string, isResync: boolean): Promise<OpenedDocument>;
  /**
   * file/openByPath: opens the file at a workspace path ('src/App.tsx', a leading '/' allowed) as `open` opens it by
   * id; the answer names its id. For a file the client's tree does not list yet (just written by a program).
   */
  openByPath(path: string, isResync: boolean): Promise<OpenedDocument>;
  /**
   * Resolves with the server revision the operation was applied at: the acknowledgement. `seq` numbers the client's
   * operations; sending the same seq again is answered with the original revision and never applied twice. Fails at
   * once (kind 'disconnected') while not connected: operations are never queued for a reconnect.
   */
  sendOperation(fileId: string, revision: number, operation: TextOperation, seq: number): Promise<{ revision: number }>;
  acknowledge(fileId: string, revision: number): Promise<void>;
  sendSelection(fileId: string, selections: OffsetSelection[]): Promise<void>;
  save(fileId: string): Promise<void>;
  close(fileId: string): Promise<void>;
}
