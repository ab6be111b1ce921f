import { Emitter } from '../../base/event';
import { CommandNotFoundError, CommandsPort, WorkspaceCommand } from '../../application/ports/commands.port';
import { PitcherErrorCode } from '../../protocol';
import { PitcherClient } from './pitcher-client';
import { mapRejection } from './wire-error';

const toCommand = (c: { id: string; displayName: string }): WorkspaceCommand => ({ id: c.id, displayName: c.displayName });

export class PitcherCommands implements CommandsPort {
  private readonly changed = new Emitter<WorkspaceCommand[]>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly client: PitcherClient) {
    client.onNotification('command/changed', (p) => this.changed.fire(p.commands.map(toCommand)));
  }

  async list(): Promise<WorkspaceCommand[]> {
    return (await this.client.request('command/list', {})).commands.map(toCommand);
  }

  async execute(commandId: string): Promise<void> {
    await mapRejection(this.client.request('command/execute', { commandId }), (e) =>
      e.code === PitcherErrorCode.COMMAND_NOT_FOUND ? new CommandNotFoundError(commandId, e.message, e.code) : undefined,
    );
  }
}
