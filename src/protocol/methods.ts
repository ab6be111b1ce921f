import * as client from './methods/client';
import * as file from './methods/file';
import * as fs from './methods/fs';
import * as shell from './methods/shell';
import { Schema, empty } from './schema';

/** Every request this Bullpen build speaks: params and result types by method name. */
export interface PitcherRequests {
  'client/join': { params: client.ClientJoinParams; result: client.ClientJoinResult };
  'client/list': { params: Record<string, never>; result: client.ClientListResult };
  'fs/read': { params: fs.FsReadParams | null; result: fs.FsReadResult };
  'fs/readdir': { params: fs.FsReaddirParams; result: fs.FsReaddirResult };
  'file/open': { params: file.FileOpenParams; result: file.FileObject };
  'file/close': { params: file.FileCloseParams; result: null };
  'file/documentOperation': { params: file.FileDocumentOperationParams; result: file.FileDocumentOperationResult };
  'file/documentAck': { params: file.FileDocumentAckParams; result: { revision: number } };
  'file/documentSelection': { params: file.FileDocumentSelectionParams; result: null };
  'file/save': { params: file.FileSaveParams; result: null };
  'shell/create': { params: shell.ShellCreateParams; result: shell.OpenShellDTO };
  'shell/open': { params: shell.ShellOpenParams; result: shell.OpenShellDTO };
  'shell/close': { params: shell.ShellIdParams; result: null };
  'shell/in': { params: shell.ShellInParams; result: null };
  'shell/resize': { params: shell.ShellResizeParams; result: null };
  'shell/list': { params: Record<string, never>; result: shell.ShellListResult };
  'shell/terminate': { params: shell.ShellIdParams; result: shell.ShellDTO };
  'shell/rename': { params: shell.ShellRenameParams; result: null };
  'port/list': { params: Record<string, never>; result: { list: Array<{ port: number; url: string }> } };
}
export type RequestMethod = keyof PitcherRequests;
export type ParamsOf<M extends RequestMethod> = PitcherRequests[M]['params'];
export type ResultOf<M extends RequestMethod> = PitcherRequests[M]['result'];

/** Every notification the server sends, by method name. */
export interface PitcherNotifications {
  'client/connected': client.ClientJSON;
  'client/updated': client.ClientJSON;
  'client/disconnected': client.ClientDisconnectedParams;
  'fs/operations': fs.FsOperationsParams;
  'file/join': file.FileJoinLeaveNotification;
  'file/leave': file.FileJoinLeaveNotification;
  'file/documentOperation': file.FileDocumentOperationNotification;
  'file/documentSelection': file.FileDocumentSelectionNotification;
  'file/save': file.FileSaveNotification;
  'shell/create': shell.ShellDTO;
  'shell/out': shell.ShellOutNotification;
  'shell/exit': shell.ShellExitNotification;
  'shell/terminate': shell.ShellTerminateNotification;
  'shell/rename': { shell: shell.ShellDTO };
}
export type NotificationMethod = keyof PitcherNotifications;

/** Params schemas, checked by the server before any handler runs. */
export const paramsSchemas: { [M in RequestMethod]: Schema<ParamsOf<M>> } = {
  'client/join': client.clientJoinParams,
  'client/list': empty,
  'fs/read': fs.fsReadParams,
  'fs/readdir': fs.fsReaddirParams,
  'file/open': file.fileOpenParams,
  'file/close': file.fileCloseParams,
  'file/documentOperation': file.fileDocumentOperationParams,
  'file/documentAck': file.fileDocumentAckParams,
  'file/documentSelection': file.fileDocumentSelectionParams,
  'file/save': file.fileSaveParams,
  'shell/create': shell.shellCreateParams,
  'shell/open': shell.shellOpenParams,
  'shell/close': shell.shellIdParams,
  'shell/in': shell.shellInParams,
  'shell/resize': shell.shellResizeParams,
  'shell/list': empty,
  'shell/terminate': shell.shellIdParams,
  'shell/rename': shell.shellRenameParams,
  'port/list': empty,
};

export const isRequestMethod = (method: string): method is RequestMethod =>
  Object.prototype.hasOwnProperty.call(paramsSchemas, method);

/** Client-side request time-out (spec 001 §9) and its message (spec 001 §8). */
export const PITCHER_REQUEST_TIMEOUT_MS = 90_000;
export const JOIN_TIMEOUT_MS = 60 * 60 * 1000;
export const requestTimedOutMessage = (method: string) => `Pitcher message ${method} timed out`;

/** The protocol version this build speaks (the published one it is compatible with). */
export const PROTOCOL_VERSION = '0.360.4';
export const BULLPEN_PITCHER_VERSION = '0.360.4';
