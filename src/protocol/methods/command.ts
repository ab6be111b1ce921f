import { RequestPermissions, RequestSchemas } from '../family';
import { Infer, empty, object, string } from '../schema';

/** command/* messages (protocol.md §3): workspace commands a client can list and run. */
export interface WorkspaceCommand {
  id: string;
  displayName: string;
}
export const commandExecuteParams = object({ commandId: string({ nonEmpty: true, max: 256 }) });
export type CommandExecuteParams = Infer<typeof commandExecuteParams>;

export interface CommandRequests {
  'command/list': { params: Record<string, never>; result: { commands: WorkspaceCommand[] } };
  'command/execute': { params: CommandExecuteParams; result: Record<string, never> };
}
export interface CommandNotifications {
  'command/changed': { commands: WorkspaceCommand[] };
}
export const commandSchemas: RequestSchemas<CommandRequests> = { 'command/list': empty, 'command/execute': commandExecuteParams };
export const commandPermissions: RequestPermissions<CommandRequests> = {
  'command/list': ['command', 'list'],
  'command/execute': ['command', 'execute'],
};
