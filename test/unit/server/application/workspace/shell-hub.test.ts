import { PitcherErrorCode } from '../../../../../src/protocol';
import { ClientSession } from '../../../../../src/server/application/workspace/client-session';
import { ShellHub, ShellHubLimits } from '../../../../../src/server/application/workspace/shell-hub';
import { TERMINAL_RESET } from '../../../../../src/server/application/workspace/shell-output-flow';
import { FakeChannel, FakeShellHost, FakeShellProcess, fakeSession } from '../../../../support/server-fakes/fake-shells';
import { encodeNotification } from '../../../../../src/server/application/workspace/workspace';

// outputWindowMs 0: output emitted in turns of its own reaches the clients as separate shell/out, at once.
const LIMITS: ShellHubLimits = {
  highWaterBytes: 1_000,
  lowWaterBytes: 100,
  graceMs: 2_000,
  hardLimitBytes: 8_000,
  exitedShellTtlMs: 60_000,
  maxExitedShells: 20,
  outputWindowMs: 0,
  maxShellsPerClient: 20,
  maxShellsPerWorkspace: 50,
  unwatchedShellTtlMs: 600_000,
};

beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] }));
afterEach(() => jest.useRealTimers());

/** Output in a turn of its own (the hub joins chunks that arrive in one turn: OutputCoalescer). */
async function emit(process: FakeShellProcess, out: string): Promise<void> {
  process.emit(out);
  await new Promise((resolve) => setImmediate(resolve));
}

/** A hub over a fake host, with the given clients connected. */
function setUp(limits: Partial<ShellHubLimits> = {}) {
  const host = new FakeShellHost();
  const clients: ClientSession[] = [];
  let ids = 0;
  const hub = new ShellHub((options) => host.spawn(options), { clients: () => clients, resolveCwd: async () => '/tmp', newId: () => `shell-${++ids}` }, { ...LIMITS, ...limits });
  const connect = () => {
    const channel = new FakeChannel();
    const session = fakeSession(channel);
    clients.push(session);
    return { session, channel };
  };
  /** As Workspace.leave: the client is no longer joined, and the hub is told. */
  const leave = (session: ClientSession) => {
    clients.splice(clients.indexOf(session), 1);
    hub.clientLeft(session);
  };
  /** The same client connected again (its reconnect token keeps its client id). */
  const reconnect = (session: ClientSession) => {
    const channel = new FakeChannel();
    const again = new ClientSession(session.json, session.identity, session.permissions, channel, encodeNotification);
    clients.push(again);
    return { session: again, channel };
  };
  /** A terminal created by the first client and opened by the others. */
  const terminal = async (creator: ClientSession, ...others: ClientSession[]) => {
    const created = await hub.create(creator, { type: 'TERMINAL' });
    if (!created.ok) throw new Error(created.error.message);
    const shellId = created.value.shellId;
    for (const other of others) expect(hub.open(other, shellId, undefined).ok).toBe(true);
    return { shellId, process: host.processes[host.processes.length - 1] as FakeShellProcess };
  };
  return { hub, host, connect, leave, reconnect, terminal };
}

describe('ShellHub back-pressure', () => {
  it('pauses the pty while a watcher is above the high-water mark and resumes once it drains below the low-water mark', async () => {
    const { connect, terminal } = setUp();
    const a = connect();
    const { shellId, process } = await terminal(a.session);

    await emit(process, 'one');
    expect(process.calls).toEqual([]);
    a.channel.bufferedBytes = 1_500;
    await emit(process, 'two');
    expect(process.paused).toBe(true);

    a.channel.drainTo(500); // below the high-water mark, not yet below the low one
    expect(process.paused).toBe(true);
    a.channel.drainTo(50);
    expect(process.calls).toEqual(['pause', 'resume']);
    expect(a.channel.outputs(shellId)).toEqual(['one', 'two']);
  });

  it('drops a stalled watcher to lagging after the grace period: the pty resumes and the fast watcher keeps receiving', async () => {
    const { connect, terminal } = setUp();
    const fast = connect();
    const slow = connect();
    const { shellId, process } = await terminal(fast.session, slow.session);

    slow.channel.bufferedBytes = 2_000;
    await emit(process, 'a');
    expect(process.paused).toBe(true);
    jest.advanceTimersByTime(LIMITS.graceMs - 1);
    expect(process.paused).toBe(true);
    jest.advanceTimersByTime(1);
    expect(process.calls).toEqual(['pause', 'resume']);

    await emit(process, 'b');
    await emit(process, 'c');
    expect(process.paused).toBe(false);
    expect(fast.channel.outputs(shellId)).toEqual(['a', 'b', 'c']);
    expect(slow.channel.outputs(shellId)).toEqual(['a']);
  });

  it('sends a lagging watcher a terminal reset and the scroll-back once it drains, then live output again', async () => {
    const { connect, terminal } = setUp();
    const fast = connect();
    const slow = connect();
    const { shellId, process } = await terminal(fast.session, slow.session);
    await emit(process, 'before ');
    slow.channel.bufferedBytes = 2_000;
    await emit(process, 'a ');
    jest.advanceTimersByTime(LIMITS.graceMs);
    await emit(process, 'b ');

    slow.channel.drainTo(500); // not yet below the low-water mark
    expect(slow.channel.outputs(shellId)).toEqual(['before ', 'a ']);
    slow.channel.drainTo(0);
    await emit(process, 'c');

    expect(slow.channel.outputs(shellId)).toEqual(['before ', 'a ', `${TERMINAL_RESET}before a b `, 'c']);
    expect(fast.channel.outputs(shellId)).toEqual(['before ', 'a ', 'b ', 'c']);
  });

  it('drops a watcher above the hard limit at once, without pausing the pty for the others', async () => {
    const { connect, terminal } = setUp();
    const fast = connect();
    const slow = connect();
    const { shellId, process } = await terminal(fast.session, slow.session);

    slow.channel.bufferedBytes = 9_000;
    await emit(process, 'a');
    await emit(process, 'b');

    expect(process.calls).toEqual([]);
    expect(fast.channel.outputs(shellId)).toEqual(['a', 'b']);
    expect(slow.channel.outputs(shellId)).toEqual(['a']);
  });

  it('lets the pty go when the watcher holding it closes the shell', async () => {
    const { hub, connect, terminal } = setUp();
    const fast = connect();
    const slow = connect();
    const { shellId, process } = await terminal(fast.session, slow.session);
    slow.channel.bufferedBytes = 2_000;
    await emit(process, 'a');
    expect(process.paused).toBe(true);

    hub.close(slow.session, shellId);

    expect(process.calls).toEqual(['pause', 'resume']);
  });

  it('lets the pty go when the watcher holding it disconnects, at the latest when its grace period ends', async () => {
    const { connect, leave, terminal } = setUp();
    const fast = connect();
    const slow = connect();
    const { process } = await terminal(fast.session, slow.session);
    slow.channel.bufferedBytes = 2_000;
    await emit(process, 'a');
    leave(slow.session);

    jest.advanceTimersByTime(LIMITS.graceMs);

    expect(process.calls).toEqual(['pause', 'resume']);
  });

  it('treats a watcher that re-opens the shell as in step again (the answer carries the scroll-back)', async () => {
    const { hub, connect, terminal } = setUp();
    const fast = connect();
    const slow = connect();
    const { shellId, process } = await terminal(fast.session, slow.session);
    slow.channel.bufferedBytes = 9_000;
    await emit(process, 'a');
    slow.channel.bufferedBytes = 0;

    const opened = hub.open(slow.session, shellId, undefined);
    await emit(process, 'b');

    expect(opened.ok && opened.value.buffer.join('')).toBe('a');
    expect(slow.channel.outputs(shellId)).toEqual(['a', 'b']);
  });
});

describe('ShellHub output', () => {
  it('joins output that keeps coming within the output window into one shell/out, the first piece at once', async () => {
    const { connect, terminal } = setUp({ outputWindowMs: 4 });
    const a = connect();
    const { shellId, process } = await terminal(a.session);

    await emit(process, 'echo');
    expect(a.channel.outputs(shellId)).toEqual(['echo']);
    await emit(process, 'one ');
    await emit(process, 'two ');
    await emit(process, 'three');
    expect(a.channel.outputs(shellId)).toEqual(['echo']);
    jest.advanceTimersByTime(4);
    expect(a.channel.outputs(shellId)).toEqual(['echo', 'one two three']);

    jest.advanceTimersByTime(4); // a window without output: the next piece is sent at once again
    await emit(process, 'later');
    expect(a.channel.outputs(shellId)).toEqual(['echo', 'one two three', 'later']);
  });

  it('sends what the window holds before the exit', async () => {
    const { connect, terminal } = setUp({ outputWindowMs: 4 });
    const a = connect();
    const { shellId, process } = await terminal(a.session);
    await emit(process, 'first ');
    await emit(process, 'last');
    process.exitWith(0);

    expect(a.channel.outputs(shellId)).toEqual(['first ', 'last']);
    expect(a.channel.messages.map((m) => m.method)).toEqual(['shell/out', 'shell/out', 'shell/exit']);
  });
});

describe('ShellHub exited shells', () => {
  it('removes an exited shell after its exit was sent and the time-to-live passed: open answers SHELL_NOT_FOUND', async () => {
    const { hub, connect, terminal } = setUp();
    const a = connect();
    const { shellId, process } = await terminal(a.session);
    await emit(process, 'done');
    process.exitWith(0);

    expect(a.channel.messages.map((m) => m.method)).toEqual(['shell/out', 'shell/exit']);
    expect(hub.list().map((s) => s.shellId)).toEqual([shellId]);
    jest.advanceTimersByTime(LIMITS.exitedShellTtlMs);

    expect(hub.list()).toEqual([]);
    expect(a.session.openShells.has(shellId)).toBe(false);
    const opened = hub.open(a.session, shellId, undefined);
    expect(opened.ok || opened.error.code).toBe(PitcherErrorCode.SHELL_NOT_FOUND);
  });

  it('keeps at most the configured number of exited shells, forgetting the oldest first', async () => {
    const { hub, connect, terminal } = setUp({ maxExitedShells: 3 });
    const a = connect();
    const shells = [];
    for (let i = 0; i < 5; i++) shells.push(await terminal(a.session));
    const running = await terminal(a.session);

    for (const shell of shells) shell.process.exitWith(0);

    expect(hub.list().map((s) => s.shellId)).toEqual([...shells.slice(2).map((s) => s.shellId), running.shellId]);
  });
});

describe('ShellHub caps', () => {
  it("refuses a client's shell beyond its cap with SHELL_NOT_ACCESSIBLE and the limit; another client still may start one", async () => {
    const { hub, connect, terminal } = setUp({ maxShellsPerClient: 2, maxShellsPerWorkspace: 10 });
    const a = connect();
    const b = connect();
    await terminal(a.session);
    await terminal(a.session);
    const refused = await hub.create(a.session, { type: 'TERMINAL' });
    expect(refused.ok || refused.error).toEqual({
      code: PitcherErrorCode.SHELL_NOT_ACCESSIBLE,
      message: 'Too many shells: this client already runs 2, the most one client may run at once. Terminate one to start another',
      data: { limit: 2 },
    });
    expect((await hub.create(b.session, { type: 'TERMINAL' })).ok).toBe(true);
  });

  it('refuses a shell beyond the workspace cap; exited shells and the server’s own (tasks) do not count', async () => {
    const { hub, connect, terminal } = setUp({ maxShellsPerClient: 10, maxShellsPerWorkspace: 2 });
    const a = connect();
    const b = connect();
    expect((await hub.startCommand('dev', 'npm run dev')).ok).toBe(true);
    const first = await terminal(a.session);
    await terminal(b.session);
    const refused = await hub.create(b.session, { command: 'ls', type: 'COMMAND' });
    expect(refused.ok || refused.error).toEqual({
      code: PitcherErrorCode.SHELL_NOT_ACCESSIBLE,
      message: "Too many shells: this workspace's clients already run 2, the most a workspace may run at once. Terminate one to start another",
      data: { limit: 2 },
    });
    first.process.exitWith(0);
    expect((await hub.create(b.session, { type: 'TERMINAL' })).ok).toBe(true);
    // Restarting the exited shell would start one more: refused too.
    const restart = hub.restart(a.session, first.shellId);
    expect(restart.ok || restart.error.code).toBe(PitcherErrorCode.SHELL_NOT_ACCESSIBLE);
  });
});

describe('ShellHub shells nobody has open', () => {
  const TTL = 60_000;
  const terminated = (channel: FakeChannel) => channel.messages.filter((m) => m.method === 'shell/terminate').map((m) => m.params);

  it('terminates a shell whose client left, once nobody had it open for the time-to-live', async () => {
    const { hub, connect, leave, terminal } = setUp({ unwatchedShellTtlMs: TTL });
    const a = connect();
    const other = connect();
    const { shellId, process } = await terminal(a.session);
    leave(a.session);
    jest.advanceTimersByTime(TTL - 1);
    expect(process.calls).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(process.calls).toEqual(['kill']);
    expect(terminated(other.channel)).toEqual([{ shellId, author: 'bullpen' }]);
    expect(hub.get(shellId)?.status).toBe('KILLED');
  });

  it('keeps the shell a client finds again when it reconnects (it opens its shells again)', async () => {
    const { hub, connect, leave, reconnect, terminal } = setUp({ unwatchedShellTtlMs: TTL });
    const a = connect();
    const { shellId, process } = await terminal(a.session);
    leave(a.session);
    jest.advanceTimersByTime(TTL / 2);
    const again = reconnect(a.session);
    expect(hub.list().map((s) => s.shellId)).toEqual([shellId]);
    expect(hub.open(again.session, shellId, undefined).ok).toBe(true);
    jest.advanceTimersByTime(TTL * 2);
    expect(process.calls).toEqual([]);
  });

  it('keeps a shell another client has open, and starts the countdown when the last one closes it', async () => {
    const { hub, connect, leave, terminal } = setUp({ unwatchedShellTtlMs: TTL });
    const a = connect();
    const b = connect();
    const { shellId, process } = await terminal(a.session, b.session);
    leave(a.session);
    jest.advanceTimersByTime(TTL * 2);
    expect(process.calls).toEqual([]);
    hub.close(b.session, shellId);
    jest.advanceTimersByTime(TTL);
    expect(process.calls).toEqual(['kill']);
  });

  it("never terminates the server's own shells (tasks, setup steps), open or not", async () => {
    const { hub, host, connect, leave } = setUp({ unwatchedShellTtlMs: TTL });
    const a = connect();
    expect((await hub.startCommand('dev', 'npm run dev')).ok).toBe(true);
    leave(a.session);
    jest.advanceTimersByTime(TTL * 2);
    expect(host.processes[0].calls).toEqual([]);
  });
});
