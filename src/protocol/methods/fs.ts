import { RequestPermissions, RequestSchemas } from '../family';
import { Infer, empty, object, string } from '../schema';

/** fs/* messages used so far (protocol.md §3 fs, §5). */
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

export interface FsOperationsParams {
  operations: Array<{ operation: WireFsOperation; clock: number }>;
}

/** Raw fs: one directory's entries (protocol.md §3 fs). Paths are workspace-relative; absolute ones are taken as such. */
export const fsReaddirParams = object({ path: string({ max: 4096 }) });
export type FsReaddirParams = Infer<typeof fsReaddirParams>;
export interface FsReaddirResult {
  entries: Array<{ name: string; type: WireNodeType; isSymlink: boolean }>;
}

export interface FsRequests {
  'fs/read': { params: FsReadParams | null; result: FsReadResult };
  'fs/readdir': { params: FsReaddirParams; result: FsReaddirResult };
}
export interface FsNotifications {
  'fs/operations': FsOperationsParams;
}
export const fsSchemas: RequestSchemas<FsRequests> = { 'fs/read': fsReadParams, 'fs/readdir': fsReaddirParams };
export const fsPermissions: RequestPermissions<FsRequests> = { 'fs/read': ['fs', 'read'], 'fs/readdir': ['fs', 'read'] };
