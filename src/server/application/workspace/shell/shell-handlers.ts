import { ShellRequests } from '../../../../protocol';
import { done } from '../handler-result';
import { FamilyHandlers } from '../request-context';

export const shellHandlers: FamilyHandlers<keyof ShellRequests> = {
  'shell/create': ({ workspace, session }, p) => workspace.shells.create(session, p),
  'shell/open': ({ workspace, session }, p) => workspace.shells.open(session, p.shellId, p.size),
  'shell/close': ({ workspace, session }, p) => workspace.shells.close(session, p.shellId),
  'shell/in': ({ workspace }, p) => workspace.shells.input(p.shellId, p.input),
  'shell/resize': ({ workspace }, p) => workspace.shells.resize(p.shellId, p.size),
  'shell/list': ({ workspace }) => done({ shells: workspace.shells.list() }),
  'shell/restart': ({ workspace, session }, p) => workspace.shells.restart(session, p.shellId),
  'shell/terminate': ({ workspace, session }, p) => workspace.shells.terminate(session, p.shellId),
  'shell/rename': ({ workspace, session }, p) => workspace.shells.rename(session, p.shellId, p.name),
};
