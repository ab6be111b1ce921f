import { RequestPermissions, RequestSchemas } from '../family';
import { Infer, array, boolean, integer, literal, object, optional, string, unknownValue } from '../schema';

/** file/* messages (protocol.md §3 file, §4). */
const id = string({ nonEmpty: true, max: 128 });
const offset = integer({ min: 0 });
export const wireSelection = object({ anchor: offset, head: offset });
export type WireSelection = Infer<typeof wireSelection>;

/** An operation is an array of retains (>0), inserts (strings) and deletes (<0); it is parsed fully by domain/ot. */
export type JSONTextOperation = Array<number | string>;

export const fileOpenParams = object({ id, isResync: optional(boolean) });
export const fileOpenByPathParams = object({ path: string({ nonEmpty: true, max: 4096 }), isResync: optional(boolean) });
export type FileOpenByPathParams = Infer<typeof fileOpenByPathParams>;
export type FileOpenParams = Infer<typeof fileOpenParams>;

export interface FileObject {
  id: string;
  isBinary: boolean;
  content: string | Uint8Array;
  document: { clients: Record<string, WireSelection[] | null>; revision: number } | null;
  savedHash: string;
  clients: Record<string, { username: string }>;
}

export const fileCloseParams = object({ id });
export type FileCloseParams = Infer<typeof fileCloseParams>;

/**
 * `seq` is a Bullpen extension (ADR 0006): the client's sequence number for this operation, increasing per client
 * across reconnects. A re-sent operation with the same seq is answered with its original revision, never applied twice.
 */
export const fileDocumentOperationParams = object({ id, operation: unknownValue, revision: integer({ min: 0 }), seq: optional(integer({ min: 1 })) });
export type FileDocumentOperationParams = Infer<typeof fileDocumentOperationParams>;
export interface FileDocumentOperationResult {
  id: string;
  revision: number;
}

export const fileDocumentAckParams = object({ id, revision: integer({ min: 0 }) });
export type FileDocumentAckParams = Infer<typeof fileDocumentAckParams>;

export const fileDocumentSelectionParams = object({
  id,
  selection: array(wireSelection, { max: 1000 }),
  reason: optional(literal(0, 1, 2)),
});
export type FileDocumentSelectionParams = Infer<typeof fileDocumentSelectionParams>;

export const fileSaveParams = object({ id, write: optional(boolean) });
export type FileSaveParams = Infer<typeof fileSaveParams>;

export const enum OperationReason {
  USER = 0,
  FS = 1,
  RESYNC = 2,
}

export interface FileDocumentOperationNotification {
  id: string;
  operation: JSONTextOperation;
  revision: number;
  reason: OperationReason;
}
export interface FileDocumentSelectionNotification {
  id: string;
  selections: Record<string, WireSelection[] | null>;
  reason?: number;
}
export interface FileJoinLeaveNotification {
  id: string;
  isBinary: boolean;
  clientId: string;
  username: string;
}
export interface FileSaveNotification {
  id: string;
  isBinary: boolean;
  content: string | Uint8Array;
  savedHash: string;
}

export interface FileRequests {
  'file/open': { params: FileOpenParams; result: FileObject };
  'file/openByPath': { params: FileOpenByPathParams; result: FileObject };
  'file/close': { params: FileCloseParams; result: null };
  'file/documentOperation': { params: FileDocumentOperationParams; result: FileDocumentOperationResult };
  'file/documentAck': { params: FileDocumentAckParams; result: { revision: number } };
  'file/documentSelection': { params: FileDocumentSelectionParams; result: null };
  'file/save': { params: FileSaveParams; result: null };
}
export interface FileNotifications {
  'file/join': FileJoinLeaveNotification;
  'file/leave': FileJoinLeaveNotification;
  'file/documentOperation': FileDocumentOperationNotification;
  'file/documentSelection': FileDocumentSelectionNotification;
  'file/save': FileSaveNotification;
}
export const fileSchemas: RequestSchemas<FileRequests> = {
  'file/open': fileOpenParams,
  'file/openByPath': fileOpenByPathParams,
  'file/close': fileCloseParams,
  'file/documentOperation': fileDocumentOperationParams,
  'file/documentAck': fileDocumentAckParams,
  'file/documentSelection': fileDocumentSelectionParams,
  'file/save': fileSaveParams,
};
export const filePermissions: RequestPermissions<FileRequests> = {
  'file/open': ['file', 'open'],
  'file/openByPath': ['file', 'open'],
  'file/close': ['file', 'close'],
  'file/documentOperation': ['file', 'documentOperation'],
  'file/documentAck': ['file', 'documentAck'],
  'file/documentSelection': ['file', 'documentSelection'],
  'file/save': ['file', 'save'],
};
