import { Result, err, ok } from '../../base/result';
import { RequestPermissions, RequestSchemas } from '../family';
import { Infer, Schema, array, boolean, empty, literal, object, optional, string } from '../schema';

/** fs/* messages except search (protocol.md §3 fs, §5; docs/protocol/fs.md). */
export const enum WireNodeType {
  File = 0,
  Directory = 1,
}

export interface JSONNode {
  id: string;
  type: WireNodeType;
  name: string | null;
  parentId: string | null;
}

const path = string({ max: 4096 });
const nodeId = string({ nonEmpty: true, max: 128 });
/** Names are checked by the tree (spec 002 §5 texts); here only their wire type and a sane bound. */
const entryName = optional(string({ max: 1024 }));
const globs = optional(array(string({ max: 1024 }), { max: 1000 }));

/** A msgpack `bin` (protocol.md §7.3: file contents are bin, never str). */
export const bytes: Schema<Uint8Array> = (value, at) =>
  value instanceof Uint8Array ? ok(value) : err(`${at} must be binary data (msgpack bin)`);

export const fsReadParams = empty;
export type FsReadParams = Infer<typeof fsReadParams>;
export interface FsReadResult {
  treeNodes: JSONNode[];
  clock: number;
}

export type WireFsOperation =
  | { type: 'create'; parentId: string; newEntry: { id: string; type: WireNodeType; name: string } }
  | { type: 'delete'; id: string }
  | { type: 'move'; id: string; parentId?: string | null; name?: string | null };

const createOperation = object({
  type: literal('create'),
  parentId: nodeId,
  newEntry: object({ id: nodeId, type: literal(0, 1), name: entryName }),
});
const deleteOperation = object({ type: literal('delete'), id: nodeId });
const moveOperation = object({ type: literal('move'), id: nodeId, parentId: optional(nodeId), name: entryName });

/** One FSOperation, chosen by its `type`. A missing name is passed on so the tree answers with the spec's text. */
export const wireFsOperation: Schema<WireFsOperation> = (value, at): Result<WireFsOperation, string> => {
  const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
  if (type === 'create') return createOperation(value, at) as Result<WireFsOperation, string>;
  if (type === 'delete') return deleteOperation(value, at);
  if (type === 'move') return moveOperation(value, at);
  return err(`${at}.type must be one of "create", "delete", "move"`);
};

export const fsOperationParams = object({ operation: wireFsOperation });
export type FsOperationParams = Infer<typeof fsOperationParams>;
/** code 0: applied, with the clock it got; code 1: ignored (it would change nothing). */
export type FsOperationResult = { code: 0; clock: number } | { code: 1 };

export interface FsOperationsParams {
  operations: Array<{ operation: WireFsOperation; clock: number }>;
}

/** Raw fs (◆ rows of protocol.md §3 fs). Paths are workspace-relative; absolute ones only inside the workspace root. */
export const fsReaddirParams = object({ path });
export type FsReaddirParams = Infer<typeof fsReaddirParams>;
export interface FsReaddirResult {
  entries: Array<{ name: string; type: WireNodeType; isSymlink: boolean }>;
}

export const fsReadFileParams = object({ path });
export type FsReadFileParams = Infer<typeof fsReadFileParams>;
export interface FsReadFileResult {
  content: Uint8Array;
}

export const fsWriteFileParams = object({ path, content: bytes, create: optional(boolean), overwrite: optional(boolean) });
export type FsWriteFileParams = Infer<typeof fsWriteFileParams>;

export const fsStatParams = object({ path });
export type FsStatParams = Infer<typeof fsStatParams>;
/** Times in milliseconds since the epoch. */
export interface FsStatResult {
  type: WireNodeType;
  isSymlink: boolean;
  size: number;
  mtime: number;
  ctime: number;
  atime: number;
}

export const fsCopyParams = object({ from: path, to: path, recursive: optional(boolean), overwrite: optional(boolean) });
export type FsCopyParams = Infer<typeof fsCopyParams>;
export const fsRenameParams = object({ from: path, to: path, overwrite: optional(boolean) });
export type FsRenameParams = Infer<typeof fsRenameParams>;
export const fsRemoveParams = object({ path, recursive: optional(boolean) });
export type FsRemoveParams = Infer<typeof fsRemoveParams>;
export const fsMkdirParams = object({ path, recursive: optional(boolean) });
export type FsMkdirParams = Infer<typeof fsMkdirParams>;

export const fsWatchParams = object({ path, recursive: optional(boolean), excludes: globs });
export type FsWatchParams = Infer<typeof fsWatchParams>;
export interface FsWatchResult {
  watchId: string;
}
export const fsUnwatchParams = object({ watchId: string({ nonEmpty: true, max: 128 }) });
export type FsUnwatchParams = Infer<typeof fsUnwatchParams>;

export type FsWatchEventType = 'add' | 'change' | 'remove';
export interface FsWatchEventParams {
  watchId: string;
  events: Array<{ paths: string[]; type: FsWatchEventType }>;
}

export const fsUploadParams = object({ parentId: nodeId, filename: entryName, content: bytes });
export type FsUploadParams = Infer<typeof fsUploadParams>;
export interface FsUploadResult {
  fileId: string;
}

export const fsDownloadParams = object({ path, excludes: globs });
export type FsDownloadParams = Infer<typeof fsDownloadParams>;
export interface FsDownloadResult {
  downloadUrl: string;
}

// eslint-disable-next-line @typescript-eslint/ban-types
type Empty = {};

export interface FsRequests {
  'fs/read': { params: FsReadParams | null; result: FsReadResult };
  'fs/operation': { params: FsOperationParams; result: FsOperationResult };
  'fs/readdir': { params: FsReaddirParams; result: FsReaddirResult };
  'fs/readFile': { params: FsReadFileParams; result: FsReadFileResult };
  'fs/writeFile': { params: FsWriteFileParams; result: Empty };
  'fs/stat': { params: FsStatParams; result: FsStatResult };
  'fs/copy': { params: FsCopyParams; result: Empty };
  'fs/rename': { params: FsRenameParams; result: Empty };
  'fs/remove': { params: FsRemoveParams; result: Empty };
  'fs/mkdir': { params: FsMkdirParams; result: Empty };
  'fs/watch': { params: FsWatchParams; result: FsWatchResult };
  'fs/unwatch': { params: FsUnwatchParams; result: Empty };
  'fs/upload': { params: FsUploadParams; result: FsUploadResult };
  'fs/download': { params: FsDownloadParams; result: FsDownloadResult };
}
export interface FsNotifications {
  'fs/operations': FsOperationsParams;
  'fs/watchEvent': FsWatchEventParams;
}
export const fsSchemas: RequestSchemas<FsRequests> = {
  'fs/read': fsReadParams,
  'fs/operation': fsOperationParams,
  'fs/readdir': fsReaddirParams,
  'fs/readFile': fsReadFileParams,
  'fs/writeFile': fsWriteFileParams,
  'fs/stat': fsStatParams,
  'fs/copy': fsCopyParams,
  'fs/rename': fsRenameParams,
  'fs/remove': fsRemoveParams,
  'fs/mkdir': fsMkdirParams,
  'fs/watch': fsWatchParams,
  'fs/unwatch': fsUnwatchParams,
  'fs/upload': fsUploadParams,
  'fs/download': fsDownloadParams,
};
export const fsPermissions: RequestPermissions<FsRequests> = {
  'fs/read': ['fs', 'read'],
  'fs/operation': ['fs', 'operation'],
  'fs/readdir': ['fs', 'read'],
  'fs/readFile': ['fs', 'read'],
  'fs/writeFile': ['fs', 'operation'],
  'fs/stat': ['fs', 'read'],
  'fs/copy': ['fs', 'operation'],
  'fs/rename': ['fs', 'operation'],
  'fs/remove': ['fs', 'operation'],
  'fs/mkdir': ['fs', 'operation'],
  'fs/watch': ['fs', 'read'],
  'fs/unwatch': ['fs', 'read'],
  'fs/upload': ['fs', 'upload'],
  'fs/download': ['fs', 'download'],
};
