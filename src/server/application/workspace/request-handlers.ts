import {
  BULLPEN_PITCHER_VERSION,
  EncodedResult,
  ClientJoinResult,
  FsReaddirResult,
  ParamsOf,
  PitcherErrorCode,
  PROTOCOL_VERSION,
  RequestMethod,
  ResultOf,
} from '../../../protocol';
import { ClientSession } from './client-session';
import { fsFailure } from './fs-errors';
import { HandlerResult, done, fail } from './handler-result';
import { CAPABILITIES } from './permissions';
import { Workspace } from './workspace';

export interface RequestContext {
  workspace: Workspace;
  session: ClientSession;
  /**
   * Sends the response now. An async handler whose state change decides what the client is notified of next (a
   * file/open's join) answers at that very point, so no notification can overtake its response on the wire.
   */
  answer(result: HandlerResult<unknown>): void;
}

/** A handler's result, or that result already encoded (EncodedResult: sent as is). */
type Answer<M extends RequestMethod> = HandlerResult<ResultOf<M> | EncodedResult>;
type Handler<M extends RequestMethod> = (ctx: RequestContext, params: ParamsOf<M>) => Answer<M> | Promise<Answer<M>>;
type Handlers = { [M in Exclude<RequestMethod, 'client/join'>]: Handler<M> };

/** Every request a joined client may send, by method. Params arrive already validated. */
export const requestHandlers: Handlers = {
  'client/list': ({ workspace }) => done(workspace.clients),
  // The tree is encoded once per version: a join or reconnect on a 100,000-file workspace does not re-encode it.
  'fs/read': ({ workspace }) => done(workspace.tree.readResult()),
  'fs/readdir': async ({ workspace }, p): Promise<HandlerResult<FsReaddirResult>> => {
    const listed = await workspace.files.readdir(p.path);
    if (!listed.ok) return fsFailure(PitcherErrorCode.RAWFS_ERROR, listed.error);
    return done({ entries: listed.value.map((e) => ({ name: e.name, type: e.type === 'directory' ? 1 : 0, isSymlink: e.isSymlink })) });
  },
  'file/open': ({ workspace, session, answer }, p) => workspace.documents.open(session, p.id, answer),
  'file/close': ({ workspace, session }, p) => workspace.documents.close(session, p.id),
  'file/documentOperation': ({ workspace, session }, p) => workspace.documents.operation(session, p),
  'file/documentAck': ({ workspace, session }, p) => workspace.documents.acknowledge(session, p.id, p.revision),
  'file/documentSelection': ({ workspace, session }, p) => workspace.documents.selection(session, p),
  'file/save': ({ workspace }, p) => workspace.documents.save(p.id, p.write !== false),
  'shell/create': ({ workspace, session }, p) => workspace.shells.create(session, p),
  'shell/open': ({ workspace, session }, p) => workspace.shells.open(session, p.shellId, p.size),
  'shell/close': ({ workspace, session }, p) => workspace.shells.close(session, p.shellId),
  'shell/in': ({ workspace }, p) => workspace.shells.input(p.shellId, p.input),
  'shell/resize': ({ workspace }, p) => workspace.shells.resize(p.shellId, p.size),
  'shell/list': ({ workspace }) => done({ shells: workspace.shells.list() }),
  'shell/terminate': ({ workspace, session }, p) => workspace.shells.terminate(session, p.shellId),
  'shell/rename': ({ workspace, session }, p) => workspace.shells.rename(session, p.shellId, p.name),
  'port/list': () => done({ list: [] }),
};

export function joinResult(session: ClientSession, workspacePath: string, reconnectToken: string): ClientJoinResult {
  return {
    client: session.json,
    workspacePath,
    version: BULLPEN_PITCHER_VERSION,
    protocolVersion: PROTOCOL_VERSION,
    latestPitcherVersion: BULLPEN_PITCHER_VERSION,
    capabilities: CAPABILITIES,
    permissions: session.permissions,
    isProtected: false,
    reconnectToken,
  };
}

export const notJoined = (method: string) =>
  fail(PitcherErrorCode.NOT_JOINED, `${method} was sent before client/join; join first`);
