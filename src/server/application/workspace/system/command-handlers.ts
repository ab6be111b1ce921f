import { CommandRequests } from '../../../../protocol';
import { done } from '../handler-result';
import { FamilyHandlers } from '../request-context';

export const commandHandlers: FamilyHandlers<keyof CommandRequests> = {
  'command/list': ({ workspace }) => done({ commands: workspace.commands.list() }),
  'command/execute': ({ workspace }, p) => workspace.commands.execute(p.commandId),
};
