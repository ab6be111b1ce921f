import 'reflect-metadata';
import { Emitter } from '../../../../src/base/event';
import { CommandNotFoundError, CommandsPort, WorkspaceCommand } from '../../../../src/application/ports/commands.port';
import { CommandStore } from '../../../../src/application/command/command.store';

class FakeCommands implements CommandsPort {
  readonly changes = new Emitter<WorkspaceCommand[]>();
  onDidChange = this.changes.event;
  readonly executed: string[] = [];
  list = async () => [{ id: 'restart', displayName: 'Restart' }];
  execute = async (id: string) => {
    if (id === 'ghost') throw new CommandNotFoundError(id, 'Command not found: ghost', 704);
    this.executed.push(id);
  };
}

describe('CommandStore', () => {
  it('follows command/changed and resyncs with command/list', async () => {
    const port = new FakeCommands();
    const store = new CommandStore(port, () => undefined);
    port.changes.fire([{ id: 'a', displayName: 'A' }]);
    expect(store.commands).toEqual([{ id: 'a', displayName: 'A' }]);
    await store.resync();
    expect(store.commands).toEqual([{ id: 'restart', displayName: 'Restart' }]);
  });

  it('executes a command, and reports one that is not found', async () => {
    const port = new FakeCommands();
    const errors: string[] = [];
    const store = new CommandStore(port, (m) => errors.push(m));
    await expect(store.execute('restart')).resolves.toBe(true);
    await expect(store.execute('ghost')).resolves.toBe(false);
    expect(port.executed).toEqual(['restart']);
    expect(errors).toEqual(['Command not found: ghost']);
  });
});
