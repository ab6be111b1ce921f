import { Event } from '../../base/event';
import { PortError, PortErrorKind } from './port-error';

/** Workspace commands a client can list and run (protocol.md §3 command). */
export const CommandsPort = Symbol('CommandsPort');

export interface WorkspaceCommand {
  id: string;
  displayName: string;
}

export class CommandNotFoundError extends PortError {
  constructor(
    readonly commandId: string,
    message: string,
    code?: number,
    kind: PortErrorKind = 'rejected',
  ) {
    super(kind, message, code);
    this.name = 'CommandNotFoundError';
  }
}

export interface CommandsPort {
  readonly onDidChange: Event<WorkspaceCommand[]>;
  list(): Promise<WorkspaceCommand[]>;
  execute(commandId: string): Promise<void>;
}
