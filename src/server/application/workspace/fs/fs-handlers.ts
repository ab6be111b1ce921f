import { FsReaddirResult, FsRequests, PitcherErrorCode } from '../../../../protocol';
import { fsFailure } from '../fs-errors';
import { HandlerResult, done } from '../handler-result';
import { FamilyHandlers } from '../request-context';

export const fsHandlers: FamilyHandlers<keyof FsRequests> = {
  // The tree is encoded once per version: a join or reconnect on a 100,000-file workspace does not re-encode it.
  'fs/read': ({ workspace }) => done(workspace.tree.readResult()),
  'fs/readdir': async ({ workspace }, p): Promise<HandlerResult<FsReaddirResult>> => {
    const listed = await workspace.files.readdir(p.path);
    if (!listed.ok) return fsFailure(PitcherErrorCode.RAWFS_ERROR, listed.error);
    return done({ entries: listed.value.map((e) => ({ name: e.name, type: e.type === 'directory' ? 1 : 0, isSymlink: e.isSymlink })) });
  },
};
