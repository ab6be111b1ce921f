import { PitcherErrorCode, WorkspaceCommand } from '../../../../protocol';
import { HandlerResult, done, fail } from '../handler-result';

interface RegisteredCommand extends WorkspaceCommand {
  run(): Promise<void> | void;
}

/** Workspace commands (command/list, command/execute); every change of the list is announced as command/changed. */
export class CommandRegistry {
  private readonly commands = new Map<string, RegisteredCommand>();

  constructor(private readonly changed: (commands: WorkspaceCommand[]) => void) {}

  register(id: string, displayName: string, run: () => Promise<void> | void): { dispose(): void } {
    this.commands.set(id, { id, displayName, run });
    this.changed(this.list());
    return {
      dispose: () => {
        if (this.commands.delete(id)) this.changed(this.list());
      },
    };
  }

  list(): WorkspaceCommand[] {
    return [...this.commands.values()].map(({ id, displayName }) => ({ id, displayName }));
  }

  async execute(commandId: string): Promise<HandlerResult<Record<string, never>>> {
    const command = this.commands.get(commandId);
    if (!command) return fail(PitcherErrorCode.COMMAND_NOT_FOUND, `Command ${commandId} not found`);
    await command.run();
    return done({});
  }
}
