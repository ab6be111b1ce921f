import { BULLPEN_PITCHER_VERSION, ClientJoinResult, ClientRequests, PitcherErrorCode, PROTOCOL_VERSION, RequestMethod } from '../../../protocol';
import { ClientSession } from './client-session';
import { fileHandlers } from './file/file-handlers';
import { fsHandlers } from './fs/fs-handlers';
import { gitHandlers } from './git/git-handlers';
import { done, fail } from './handler-result';
import { languageHandlers } from './language/language-handlers';
import { CAPABILITIES } from './permissions';
import { portHandlers } from './port/port-handlers';
import { FamilyHandlers } from './request-context';
import { searchHandlers } from './search/search-handlers';
import { shellHandlers } from './shell/shell-handlers';
import { channelHandlers } from './system/channel-handlers';
import { commandHandlers } from './system/command-handlers';
import { containerHandlers } from './system/container-handlers';
import { notificationHandlers } from './system/notification-handlers';
import { systemHandlers } from './system/system-handlers';
import { setupHandlers } from './task/setup-handlers';
import { taskHandlers } from './task/task-handlers';

export type { RequestContext } from './request-context';

const clientHandlers: FamilyHandlers<Exclude<keyof ClientRequests, 'client/join'>> = {
  'client/list': ({ workspace }) => done(workspace.clients),
};

/**
 * Every request a joined client may send, by method, composed from the families. Params arrive validated and the
 * permission checked (pitcher-connection.ts). The type makes a method without a handler a compile error.
 */
export const requestHandlers: FamilyHandlers<Exclude<RequestMethod, 'client/join'>> = {
  ...clientHandlers,
  ...fsHandlers,
  ...searchHandlers,
  ...fileHandlers,
  ...shellHandlers,
  ...portHandlers,
  ...taskHandlers,
  ...setupHandlers,
  ...gitHandlers,
  ...languageHandlers,
  ...systemHandlers,
  ...notificationHandlers,
  ...channelHandlers,
  ...commandHandlers,
  ...containerHandlers,
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
