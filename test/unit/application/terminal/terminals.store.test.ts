import 'reflect-metadata';
import { configure } from 'mobx';
import { PortError } from '../../../../src/application/ports/port-error';
import { TerminalSize } from '../../../../src/application/ports/shells.port';
import { NOT_CONNECTED_TERMINAL_TEXT, TerminalsStore } from '../../../../src/application/terminal/terminals.store';
import { CONNECTION_LOSS_AUTHOR, exitedText, terminalLostText } from '../../../../src/domain/terminal';
import { accessAs } from '../support/access';
import { FakeShells, FakeWriter, settle } from '../support/fake-shells';

configure({ enforceActions: 'always' });

const SIZE: TerminalSize = { cols: 80, rows: 24 };
const LIMITS = { highWaterChars: 10, queueLimitChars: 30 };

async function attached(errors: string[] = []) {
  const shells = new FakeShells();
  const store = new TerminalsStore(shells, (m) => errors.push(m), accessAs('write').access, LIMITS);
  await store.attach();
  const view = new FakeWriter();
  store.session('s1')!.bind(view);
  return { shells, store, view, errors, out: (text: string, shellId = 's1') => shells.output.fire({ shellId, out: text }) };
}

describe('TerminalsStore flow control', () => {
  it('writes the scroll-back and live output to the view while it keeps up', async () => {
    const { view, out } = await attached();
    view.processAll();
    out('hello');
    expect(view.text).toBe('scrollbackhello');
  });

  it('queues output while the view holds more than the high-water mark unprocessed, and writes it as the view catches up', async () => {
    const { view, out } = await attached();
    view.processAll();
    out('0123456789');
    out('abc');
    out('def');
    expect(view.text).toBe('scrollback0123456789');

    view.processAll();
    expect(view.text).toBe('scrollback0123456789abcdef');
  });

  it('drops the queue past its limit and re-opens the shell: the view is reset to the scroll-back, then live output resumes', async () => {
    const { shells, view, out } = await attached();
    view.processAll();
    out('0123456789');
    shells.holdOpen = true;
    shells.scrollBack = ['latest scroll-back'];
    for (let i = 0; i < 4; i++) out('x'.repeat(10)); // 40 queued > 30
    expect(shells.opened.map((o) => o.shellId)).toEqual(['s1', 's1']);

    out('lost while re-opening');
    shells.releaseOpen();
    await settle();
    view.processAll();
    out('!');

    expect(view.resets).toBe(1);
    expect(view.text).toBe('latest scroll-back!');
  });

  it('never hands the view much more than the high-water mark, however much output arrives', async () => {
    const { view, out } = await attached();
    view.processAll();
    for (let i = 0; i < 1_000; i++) out('y'.repeat(7));
    expect(view.text.length).toBeLessThanOrEqual(LIMITS.highWaterChars + 7 + 'scrollback'.length);
  });

  it('keeps the output of a terminal whose view is not mounted, and gives it to the next view', async () => {
    const { store, view, out } = await attached();
    await store.create();
    const second = store.session('s2')!;
    const secondView = new FakeWriter();
    const binding = second.bind(secondView);
    binding.dispose(); // its tab is hidden: the view is gone
    out('while hidden ', 's2');
    out('and more', 's2');
    expect(view.text).toBe('scrollback'); // the other terminal saw none of it

    const again = new FakeWriter();
    second.bind(again);
    again.processAll();
    expect(again.text).toBe('while hidden and more');
  });
});

describe('TerminalsStore input while disconnected', () => {
  it('shows one line the first time input is not sent, and again only after the next (re)attach', async () => {
    const { shells, store, view } = await attached();
    view.processAll();
    shells.connected = false;

    store.input('s1', 'l');
    store.input('s1', 's');
    await settle();
    expect(view.text).toBe(`scrollback\r\n${NOT_CONNECTED_TERMINAL_TEXT}\r\n`);

    shells.connected = true;
    await store.attach();
    view.processAll();
    shells.connected = false;
    store.input('s1', 'x');
    await settle();
    // The re-attach reset the view to the scroll-back; the new connection's first lost input is told again.
    expect(view.text).toBe(`scrollback\r\n${NOT_CONNECTED_TERMINAL_TEXT}\r\n`);
    expect(view.resets).toBe(1);
    expect(shells.sent).toEqual([]);
  });

  it("drops a reader's keys (shell.write), and sends them again once the access allows", async () => {
    const { access, connection } = accessAs('write');
    const shells = new FakeShells();
    const store = new TerminalsStore(shells, () => undefined, access, LIMITS);
    await store.attach();
    connection.changeAccess('read');
    expect(store.canType).toBe(false);
    store.input('s1', 'rm -rf .\r');
    await settle();
    expect(shells.sent).toEqual([]);
    connection.changeAccess('write');
    store.input('s1', 'ls\r');
    await settle();
    expect(shells.sent).toEqual(['s1:ls\r']);
  });

  it('sends input to the terminal it was typed into', async () => {
    const { shells, store, view } = await attached();
    await store.create();
    store.input('s1', 'ls\r');
    store.input('s2', 'pwd\r');
    await settle();
    expect(shells.sent).toEqual(['s1:ls\r', 's2:pwd\r']);
    expect(view.text).toBe('scrollback');
  });
});

describe('TerminalsStore after a resync', () => {
  it('reports a terminal the server no longer has as terminated by connection loss, keeps its tab, and attaches a new one', async () => {
    const { shells, store, view } = await attached();
    view.processAll();
    shells.listed = [];
    await store.resync();
    expect(store.lastTermination).toEqual({ shellId: 's1', author: CONNECTION_LOSS_AUTHOR });
    expect(view.text).toContain(terminalLostText('connection loss'));
    expect(store.session('s1')).toMatchObject({ status: 'KILLED', endedBy: CONNECTION_LOSS_AUTHOR });
    expect(store.sessions.map((s) => s.shellId)).toEqual(['s1', 's2']);
    expect(store.shellId).toBe('s2');
  });

  it('reports nothing when the terminal is still there', async () => {
    const { store } = await attached();
    await store.resync();
    expect(store.lastTermination).toBeUndefined();
    expect(store.shellId).toBe('s1');
  });

  it("opens every tab again at its view's last size, creating a terminal only with the last join's permission", async () => {
    const { access, connection } = accessAs('write');
    const shells = new FakeShells();
    const store = new TerminalsStore(shells, () => undefined, access, LIMITS);
    await store.attach();
    store.resize('s1', { cols: 100, rows: 30 });
    await store.resync();
    expect(shells.opened).toEqual([{ shellId: 's1', size: { cols: 125, rows: 20 } }, { shellId: 's1', size: { cols: 100, rows: 30 } }]);

    // the server lost its terminals and this client may no longer create one
    shells.listed = [];
    connection.join('me2', undefined, true, 'read');
    await store.resync();
    expect(store.state).toEqual({ kind: 'readonly' });
    expect(store.canCreate).toBe(false);
    expect(store.lastTermination).toEqual({ shellId: 's1', author: CONNECTION_LOSS_AUTHOR });
  });

  it('fails the step with the reason (the coordinator reports it) instead of telling the user itself', async () => {
    const errors: string[] = [];
    const shells = new FakeShells();
    const store = new TerminalsStore(shells, (m) => errors.push(m), accessAs('write').access, LIMITS);
    shells.list = async () => {
      throw new PortError('disconnected', 'Could not complete shell/list: Connection closed');
    };
    await expect(store.resync()).rejects.toThrow('Could not start a terminal: Could not complete shell/list: Connection closed');
    expect(store.state).toEqual({ kind: 'failed', message: 'Could not start a terminal: Could not complete shell/list: Connection closed' });
    expect(errors).toEqual([]);
    await store.attach();
    expect(errors).toEqual(['Could not start a terminal: Could not complete shell/list: Connection closed']);
  });
});

describe('TerminalsStore tabs', () => {
  it('shows every running terminal of the workspace, or a read-only state for a visitor when there is none', async () => {
    const shells = new FakeShells();
    shells.listed = [
      { shellId: 'a', name: 'Terminal 1', status: 'RUNNING', isTerminal: true },
      { shellId: 'task', name: 'dev', status: 'RUNNING', isTerminal: false },
      { shellId: 'b', name: 'Terminal 2', status: 'RUNNING', isTerminal: true },
    ];
    const store = new TerminalsStore(shells, () => undefined, accessAs('read').access, LIMITS);
    await store.attach();
    expect(store.sessions.map((s) => s.shellId)).toEqual(['a', 'b']);
    expect(store.state).toEqual({ kind: 'ready' });

    const empty = new FakeShells();
    empty.listed = [];
    const visitor = new TerminalsStore(empty, () => undefined, accessAs('read').access, LIMITS);
    await visitor.attach();
    expect(visitor.sessions).toEqual([]);
    expect(visitor.state).toEqual({ kind: 'readonly' });
  });

  it('creates terminals as new active tabs and moves between them', async () => {
    const { store } = await attached();
    await store.create();
    await store.create();
    expect(store.sessions.map((s) => s.name)).toEqual(['Terminal 1', 'Terminal 2', 'Terminal 3']);
    expect(store.shellId).toBe('s3');
    store.activateNext(1);
    expect(store.shellId).toBe('s1');
    store.activateNext(-1);
    expect(store.shellId).toBe('s3');
  });

  it('renames a tab on the server, ignoring an empty name', async () => {
    const { shells, store } = await attached();
    store.startRename();
    expect(store.renamingShellId).toBe('s1');
    await store.rename('s1', '  build  ');
    expect(store.session('s1')!.name).toBe('build');
    expect(shells.listed[0].name).toBe('build');
    expect(store.renamingShellId).toBeUndefined();
    await store.rename('s1', '   ');
    expect(store.session('s1')!.name).toBe('build');
  });

  it('takes names, exits, kills and restarts that other clients cause', async () => {
    const { shells, store } = await attached();
    shells.renamed.fire({ shellId: 's1', name: 'server', status: 'RUNNING', isTerminal: true });
    expect(store.session('s1')!.name).toBe('server');
    shells.listed = [...shells.listed, { shellId: 'other', name: 'Terminal 9', status: 'RUNNING', isTerminal: true }];
    shells.created.fire({ shellId: 'other', name: 'Terminal 9', status: 'RUNNING', isTerminal: true });
    await settle();
    expect(store.sessions.map((s) => s.shellId)).toEqual(['s1', 'other']);
    expect(store.shellId).toBe('s1');
  });

  it('kills a terminal: its tab stays with the exit code, and restart runs it again under the same id', async () => {
    const { shells, store, view } = await attached();
    view.processAll();
    await store.kill('s1');
    shells.end('s1', 130);
    const session = store.session('s1')!;
    expect(session).toMatchObject({ status: 'KILLED', exitCode: 130, endedBy: 'me' });
    view.processAll();
    expect(view.text).toContain(exitedText(130));

    await store.restart('s1');
    expect(session).toMatchObject({ status: 'RUNNING', exitCode: undefined });
    expect(view.resets).toBe(1);
    expect(view.text).toBe('');
  });

  it('shows an exit by itself as FINISHED or ERROR with the code', async () => {
    const { shells, store } = await attached();
    shells.end('s1', 2);
    expect(store.session('s1')).toMatchObject({ status: 'ERROR', exitCode: 2 });
  });

  it('replaces a terminal the server forgot when it is restarted', async () => {
    const { shells, store } = await attached();
    shells.end('s1', 0);
    shells.listed = [];
    await store.restart('s1');
    expect(store.sessions.map((s) => s.shellId)).toEqual(['s2']);
    expect(store.shellId).toBe('s2');
  });

  it('splits the panel with a new terminal beside the active one, and unsplits', async () => {
    const { store } = await attached();
    await store.split();
    expect(store.visible.map((s) => s.shellId)).toEqual(['s1', 's2']);
    store.activate('s2');
    expect(store.visible.map((s) => s.shellId)).toEqual(['s2', 's1']);
    await store.split();
    expect(store.visible.map((s) => s.shellId)).toEqual(['s2']);
  });

  it('closes a tab: the shell is no longer watched and the neighbour becomes active', async () => {
    const { shells, store } = await attached();
    await store.create();
    store.closeTab('s2');
    await settle();
    expect(store.sessions.map((s) => s.shellId)).toEqual(['s1']);
    expect(store.shellId).toBe('s1');
    expect(shells.closed).toEqual(['s2']);
  });

  it("opens a task's command shell in a tab, once", async () => {
    const { shells, store } = await attached();
    shells.listed = [...shells.listed, { shellId: 'task', name: 'dev', status: 'RUNNING', isTerminal: false }];
    await store.openShell('task');
    await store.openShell('task');
    expect(store.sessions.map((s) => [s.shellId, s.kind])).toEqual([
      ['s1', 'terminal'],
      ['task', 'command'],
    ]);
    expect(store.shellId).toBe('task');
    expect(shells.opened.filter((o) => o.shellId === 'task')).toEqual([{ shellId: 'task' }]);
  });
});

describe('TerminalsStore when the permissions change while joined (client/permissions)', () => {
  async function joined(listed?: FakeShells['listed']) {
    const { access, connection } = accessAs('write');
    const shells = new FakeShells();
    if (listed) shells.listed = listed;
    const store = new TerminalsStore(shells, () => undefined, access, LIMITS);
    await store.attach();
    return { shells, store, connection };
  }

  it('shows the read-only text over the running terminals and stops offering to create; write access takes it away', async () => {
    const { store, connection } = await joined();
    expect(store.showsReadonlyText).toBe(false);
    store.startRename('s1');
    connection.changeAccess('read');
    expect(store.canCreate).toBe(false);
    expect(store.showsReadonlyText).toBe(true);
    expect(store.renamingShellId).toBeUndefined();
    expect(store.state).toEqual({ kind: 'ready' });
    expect(store.sessions.map((s) => s.shellId)).toEqual(['s1']);
    connection.changeAccess('write');
    expect(store.canCreate).toBe(true);
    expect(store.showsReadonlyText).toBe(false);
  });

  it('turns a panel with nothing running into the placeholder, and gives it a terminal when write access comes back', async () => {
    const { shells, store, connection } = await joined();
    shells.end('s1', 0);
    connection.changeAccess('read');
    expect(store.state).toEqual({ kind: 'readonly' });
    connection.changeAccess('write');
    await settle();
    expect(store.state).toEqual({ kind: 'ready' });
    expect(store.active?.shellId).toBe('s2');
    expect(store.active?.isRunning).toBe(true);
  });

  it('does not create a terminal on a change that keeps write access', async () => {
    const { shells, store, connection } = await joined();
    connection.changeAccess('write');
    await settle();
    expect(store.sessions.map((s) => s.shellId)).toEqual(['s1']);
    expect(shells.listed.map((s) => s.shellId)).toEqual(['s1']);
  });
});
