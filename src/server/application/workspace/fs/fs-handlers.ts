import { FsRequests } from '../../../../protocol';
import { done } from '../handler-result';
import { FamilyHandlers } from '../request-context';

/** The fs family except search (docs/protocol/fs.md): the tree, its operations, raw calls, watches, up- and downloads. */
export const fsHandlers: FamilyHandlers<keyof FsRequests> = {
  // The tree is encoded once per version: a join or reconnect on a 100,000-file workspace does not re-encode it.
  'fs/read': ({ workspace }) => done(workspace.tree.readResult()),
  'fs/operation': ({ workspace, session }, p) => workspace.rawFs.operations.apply(session, p.operation),
  'fs/readdir': ({ workspace }, p) => workspace.rawFs.readdir(p.path),
  'fs/readFile': ({ workspace }, p) => workspace.rawFs.readFile(p.path),
  'fs/writeFile': ({ workspace }, p) => workspace.rawFs.writeFile(p.path, p.content, p.create, p.overwrite),
  'fs/stat': ({ workspace }, p) => workspace.rawFs.stat(p.path),
  'fs/copy': ({ workspace }, p) => workspace.rawFs.copy(p.from, p.to, p.recursive, p.overwrite),
  'fs/rename': ({ workspace }, p) => workspace.rawFs.rename(p.from, p.to, p.overwrite),
  'fs/remove': ({ workspace }, p) => workspace.rawFs.remove(p.path, p.recursive),
  'fs/mkdir': ({ workspace }, p) => workspace.rawFs.mkdir(p.path, p.recursive),
  'fs/watch': ({ workspace, session }, p) => workspace.rawFs.watch(session, p.path, p.recursive, p.excludes),
  'fs/unwatch': ({ workspace, session }, p) => workspace.rawFs.unwatch(session, p.watchId),
  'fs/upload': ({ workspace }, p) => workspace.rawFs.operations.upload(p.parentId, p.filename, p.content),
  'fs/download': ({ workspace }, p) => workspace.rawFs.download(p.path, p.excludes),
};
