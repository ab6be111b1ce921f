import { inject, injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { ResyncFamily } from '../../domain/connection/resync-order';
import { CommandsPort, WorkspaceCommand } from '../ports/commands.port';
import { NotifyError } from '../tokens';
import { ResyncParticipant } from '../workspace/resync-participant';

/** The workspace's commands (command/list, command/changed) and running one (command/execute). */
@injectable()
export class CommandStore extends DisposableBase implements ResyncParticipant {
  readonly family: ResyncFamily = 'commands';
  commands: readonly WorkspaceCommand[] = [];

  constructor(
    @inject(CommandsPort) private readonly port: CommandsPort,
    @inject(NotifyError) private readonly notifyError: NotifyError,
  ) {
    super();
    makeObservable(this, { commands: observable.ref, setCommands: action });
    this.register(port.onDidChange((commands) => this.setCommands(commands)));
  }

  setCommands(commands: readonly WorkspaceCommand[]): void {
    this.commands = commands;
  }

  async resync(): Promise<void> {
    this.setCommands(await this.port.list());
  }

  /** Runs a command; resolves false (and tells the user) when it failed. */
  async execute(commandId: string): Promise<boolean> {
    try {
      await this.port.execute(commandId);
      return true;
    } catch (error) {
      this.notifyError((error as Error).message);
      return false;
    }
  }
}
