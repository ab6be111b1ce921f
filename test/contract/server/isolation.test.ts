import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { AddressInfo, connect, createServer } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import * as path from 'node:path';
import { PitcherErrorCode } from '../../../src/protocol';
import { RunningServer } from '../../../src/server/bullpen-server';
import { REFUSAL_NOT_INSTALLED } from '../../../src/server/adapters/process/runtime-choice';
import { RuntimeSelection, selectProcessRuntime } from '../../../src/server/adapters/process/runtime-selection';
import { NodePtyShellHost } from '../../../src/server/adapters/pty/node-pty-shell-host';
import { BULLPEN_ZSHRC } from '../../../src/server/adapters/process/zsh-startup';
import { ProcessRuntimeSelection } from '../../../src/server/container';
import { JOIN_PARAMS } from '../support/scenario';
import { WireClient, removeDir, startSandbox, startTestServer, tempDataDir } from '../support/server-harness';
import { ServerProcess, startServerProcess } from '../support/server-process';
import { WireSession, eventually } from '../support/wire-session';

jest.setTimeout(120_000);

const TOKEN = 'isolation-test-access-token-1234';
const MAX_PROCESSES = 64;
const MEMORY_BYTES = 256 * 1024 * 1024;
const A = 'isoaaa';
const B = 'isobbb';
/** Written into places no sandbox may read; a shell that prints one has escaped. */
const B_SECRET = `b-secret-${Math.random().toString(36).slice(2)}`;
const DATA_CANARY = `data-canary-${Math.random().toString(36).slice(2)}`;

/** A sandbox made on disk before the server starts (there is no create API yet): A is the default (older). */
function makeSandbox(dataDir: string, id: string, createdAt: string, files: Record<string, string>): void {
  const dir = path.join(dataDir, 'sandboxes', id);
  mkdirSync(path.join(dir, 'files'), { recursive: true });
  mkdirSync(path.join(dir, 'home'), { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, 'files', name), content);
  writeFileSync(path.join(dir, 'sandbox.json'), JSON.stringify({ id, title: id, template: 'blank', createdAt }));
}

async function join(server: RunningServer, sandboxId: string, token?: string): Promise<WireSession> {
  const host = await startSandbox(server, { sandboxId, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const session = new WireSession(await WireClient.connect(`${host.pitcherUrl}/?token=${encodeURIComponent(host.pitcherToken)}`));
  const joined = await session.ask('client/join', JOIN_PARAMS);
  if (joined.status !== 0) throw new Error(`join failed: ${JSON.stringify(joined)}`);
  session.joinResult = joined.result;
  return session;
}

/** A real terminal of a workspace: runs one command at a time and reads its output and exit status. */
class Terminal {
  private constructor(
    private readonly session: WireSession,
    readonly shellId: string,
  ) {}

  static async open(session: WireSession): Promise<Terminal> {
    const created = await session.ask('shell/create', { type: 'TERMINAL', size: { cols: 200, rows: 50 } });
    expect(created.status).toBe(0);
    return new Terminal(session, created.result.shellId);
  }

  async run(command: string, timeoutMs = 20_000): Promise<{ output: string; code: number }> {
    const nonce = Math.random().toString(36).slice(2, 10);
    const from = this.session.wire.received.length;
    // The echoed command line shows `$?`, only the real output shows digits.
    await this.session.ask('shell/in', { shellId: this.shellId, input: `${command}; echo "__bp_${nonce}_$?__"\r` });
    const pattern = new RegExp(`__bp_${nonce}_(\\d+)__`);
    const output = await eventually<string>(
      () => {
        const text = this.output(from);
        return pattern.test(text) ? text : '';
      },
      `the end of: ${command}`,
      timeoutMs,
    );
    return { output, code: Number(pattern.exec(output)![1]) };
  }

  output(from: number): string {
    return this.session.wire.received
      .slice(from)
      .filter((f) => f.value.method === 'shell/out' && f.value.params.shellId === this.shellId)
      .map((f) => String(f.value.params.out))
      .join('');
  }

  async terminate(): Promise<void> {
    await this.session.ask('shell/terminate', { shellId: this.shellId });
  }
}

/** A terminal's output as lines, without escape sequences (the first line is the echoed command). */
const outputLines = (output: string): string[] =>
  output
    .replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '')
    .split(/\r?\n/)
    .map((line) => line.replace(/\r/g, ''));

/** Host processes whose command line contains `marker`. */
function hostProcesses(marker: string): number {
  const lines = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n');
  return lines.filter((line) => line.includes(marker) && !line.includes('ps -eo')).length;
}

describe('workspace processes run in a bubblewrap sandbox', () => {
  let dataDir: string;
  let proc: ServerProcess;
  let a: WireSession;
  let b: WireSession;
  let shellA: Terminal;
  let shellB: Terminal;
  const filesOf = (id: string) => path.join(dataDir, 'sandboxes', id, 'files');

  beforeAll(async () => {
    dataDir = tempDataDir();
    makeSandbox(dataDir, A, '2024-01-01T00:00:00.000Z', { 'a.txt': 'mine\n' });
    makeSandbox(dataDir, B, '2024-01-02T00:00:00.000Z', { 'secret.txt': `${B_SECRET}\n` });
    writeFileSync(path.join(dataDir, 'canary.txt'), `${DATA_CANARY}\n`);
    writeFileSync(path.join(dataDir, 'access-token'), `${DATA_CANARY}\n`, { mode: 0o600 });
    proc = await startServerProcess(dataDir, {
      BULLPEN_SANDBOX: 'bubblewrap',
      BULLPEN_BOOTSTRAP_TOKEN: TOKEN,
      BULLPEN_SANDBOX_PIDS: String(MAX_PROCESSES),
      BULLPEN_SANDBOX_MEMORY_BYTES: String(MEMORY_BYTES),
    });
    a = await join(proc.server, A, TOKEN);
    b = await join(proc.server, B, TOKEN);
    shellA = await Terminal.open(a);
    shellB = await Terminal.open(b);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await proc?.kill('SIGTERM');
    await eventually(() => hostProcesses('sleep 29.123') === 0, 'no sandbox process outlives the server', 10_000).catch(() => undefined);
    removeDir(dataDir);
  });

  it('says so at start, with the limits and how they are enforced', async () => {
    await eventually(() => proc.output().includes('Workspace processes run in bubblewrap sandboxes'), 'the start-up line');
    expect(proc.output()).toContain(`a cgroup v`);
    expect(proc.output()).toContain(`(${MAX_PROCESSES} processes, 256 MiB memory)`);
    expect(proc.output()).not.toContain('WARNING');
  });

  it("opens a terminal in a login zsh (spec 002 §9's default profile) at a prompt: the empty home got Bullpen's .zshrc", async () => {
    const shell = await shellA.run('echo "shell=$ZSH_NAME login=$([[ -o login ]] && echo yes) SHELL=$SHELL"; getent passwd user');
    expect(shell.output).toMatch(/shell=zsh login=yes SHELL=\/(usr\/)?bin\/zsh/);
    expect(shell.output).toMatch(/user:x:1000:1000:Bullpen workspace:[^:\r\n]+:\/(usr\/)?bin\/zsh/);
    // No new-user wizard came first: it would have waited for an answer instead of running the command.
    expect(shellA.output(0)).not.toContain('zsh-newuser-install');
    expect(readFileSync(path.join(dataDir, 'sandboxes', A, 'home', '.zshrc'), 'utf8')).toBe(BULLPEN_ZSHRC);
    // bash is still there for scripts, and task commands run in it.
    expect((await shellA.run('bash -c \'echo "bash=$BASH_VERSION"\'')).output).toMatch(/bash=\d/);
  });

  it("cannot read another workspace's files: the other sandbox is not even there", async () => {
    const secret = path.join(filesOf(B), 'secret.txt');
    const read = await shellA.run(`cat ${secret}`);
    expect(read.code).not.toBe(0);
    expect(read.output).toContain('No such file or directory');
    expect(read.output).not.toContain(B_SECRET);
    const listing = await shellA.run(`ls -a ${path.join(dataDir, 'sandboxes')}`);
    expect(listing.code).toBe(0);
    expect(listing.output).toContain(A);
    expect(listing.output).not.toContain(B);
    // B reads its own file.
    expect((await shellB.run('cat secret.txt')).output).toContain(B_SECRET);
  });

  it("holds no descriptor of the server's: not another workspace's terminal, not a socket or pipe of the server", async () => {
    // Opened while B's terminal (and A's first) exist: their pty masters were open in the server when it started.
    const second = await Terminal.open(a);
    try {
      // The shell's own descriptors are read with builtins (zsh/stat), without forking: while zsh forks a command it
      // briefly holds both ends of its own synchronisation pipe, which `ls -l /proc/$$/fd` would sometimes catch.
      const fds = await second.run(
        'zmodload -F zsh/stat b:zstat; for f in /proc/$$/fd/*; do [[ -L $f ]] || continue; zstat -A t -L +link $f; print -r -- "$f -> $t"; done; ls -l /proc/self/fd',
      );
      expect(fds.code).toBe(0);
      const targets = outputLines(fds.output).flatMap((line) => /\d+ -> (.*)$/.exec(line)?.[1] ?? []);
      expect(targets.length).toBeGreaterThan(3);
      // Its own terminal (bubblewrap binds it at /dev/console too) and zsh's read-only completion digests under /usr.
      const own = (target: string) => ['/dev/pts/', '/proc/', '/usr/share/zsh/'].some((prefix) => target.startsWith(prefix)) || target === '/dev/console';
      expect(targets.filter((t) => !own(t))).toEqual([]);
    } finally {
      await second.terminate();
    }
  });

  it('cannot read the data directory: its own sandbox.json, the access secret, the signing key', async () => {
    for (const file of [path.join(dataDir, 'sandboxes', A, 'sandbox.json'), path.join(dataDir, 'access-token'), path.join(dataDir, 'secret.key'), path.join(dataDir, 'canary.txt')]) {
      const read = await shellA.run(`cat ${file}`);
      expect(read.code).not.toBe(0);
      expect(read.output).not.toContain(DATA_CANARY);
      expect(read.output).not.toContain('"createdAt"');
    }
    const listing = await shellA.run(`ls -a ${dataDir}`);
    expect(listing.output).not.toMatch(/secret\.key|access-token|canary\.txt|sandbox-etc/);
  });

  it("has neither /etc/shadow nor the server's environment", async () => {
    const shadow = await shellA.run('cat /etc/shadow');
    expect(shadow.code).not.toBe(0);
    expect(shadow.output).toContain('No such file or directory');
    const env = await shellA.run('env; cat /proc/[0-9]*/environ | tr "\\0" "\\n"');
    expect(env.output).not.toContain(TOKEN);
    expect(env.output).not.toContain('BULLPEN_DATA');
    expect(env.output).toContain(`HOME=${path.join(dataDir, 'sandboxes', A, 'home')}`);
  });

  it("has a network of its own: nothing of this machine's loopback (Bullpen, services, the other workspace's dev server), but its own terminals reach each other", async () => {
    expect(proc.output()).toContain('Each workspace has its own network');
    // A service on this machine's loopback (a database, say) and Bullpen's own port.
    const service = createServer((socket) => socket.end('host-service\n'));
    await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
    const servicePort = (service.address() as AddressInfo).port;
    try {
      // bash's /dev/tcp (the terminals' default shell is zsh).
      const probe = (port: number) => `bash -c '(exec 3<>/dev/tcp/127.0.0.1/${port} && echo REACHED-${port}) 2>&1'`;
      const fromA = await shellA.run(`${probe(servicePort)}; ${probe(proc.server.port)}`);
      // Only the output's lines: the echoed command line holds the words too.
      expect(outputLines(fromA.output)).not.toContain(`REACHED-${servicePort}`);
      expect(outputLines(fromA.output)).not.toContain(`REACHED-${proc.server.port}`);
      expect(fromA.output).toContain('Connection refused');
      // The same probe from the host reaches the service (the check can fail).
      const socket = connect(servicePort, '127.0.0.1');
      expect(await new Promise<string>((resolve) => socket.once('data', (data) => resolve(String(data))))).toBe('host-service\n');
      socket.destroy();
    } finally {
      service.close();
    }
    // B runs a dev server on loopback: a second terminal of B reaches it, A does not.
    const port = 20000 + Math.floor(Math.random() * 20000);
    const server = await Terminal.open(b);
    try {
      await b.ask('shell/in', { shellId: server.shellId, input: `node -e "require('http').createServer((q,s)=>s.end('${B_SECRET}')).listen(${port},'127.0.0.1',()=>console.log('UP'))"\r` });
      // A line of its own: the echoed command holds the word too.
      await eventually(() => outputLines(server.output(0)).includes('UP'), "B's dev server");
      const get = `node -e "require('http').get('http://127.0.0.1:${port}/',r=>r.on('data',d=>console.log('GOT '+d))).on('error',e=>console.log('ERR '+e.code))"`;
      const fromB = await shellB.run(get);
      expect(outputLines(fromB.output)).toContain(`GOT ${B_SECRET}`);
      const fromA = await shellA.run(get);
      expect(outputLines(fromA.output)).toContain('ERR ECONNREFUSED');
      expect(outputLines(fromA.output)).not.toContain(`GOT ${B_SECRET}`);
    } finally {
      await server.terminate();
    }
  });

  it("reaches other machines through its way out (this machine's own external address stands in for one)", async () => {
    const external = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
    if (external === undefined) return; // no external interface on this machine: nothing to reach
    const outside = createServer((socket) => socket.end('outside\n'));
    await new Promise<void>((resolve) => outside.listen(0, external, resolve));
    try {
      const port = (outside.address() as AddressInfo).port;
      const reached = await shellA.run(`bash -c '(exec 3<>/dev/tcp/${external}/${port}; head -1 <&3)'`);
      expect(outputLines(reached.output)).toContain('outside');
    } finally {
      outside.close();
    }
  });

  it('runs as an unprivileged user without capabilities, in its own pid namespace', async () => {
    const id = await shellA.run('id -u; id -un; grep CapEff /proc/self/status');
    expect(outputLines(id.output).slice(1, 4)).toEqual(['1000', 'user', 'CapEff:\t0000000000000000']);
    const pids = await shellA.run('ls /proc | grep -c "^[0-9]"');
    const count = Number(outputLines(pids.output)[1]);
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(10); // bwrap's init, bash, ls, grep: not the host's hundreds
  });

  it('files a terminal makes belong to the server user, the editor saves over them, and the terminal writes what the editor saved', async () => {
    expect((await shellA.run('echo from-shell > made.txt')).code).toBe(0);
    const onHost = path.join(filesOf(A), 'made.txt');
    expect(statSync(onHost).uid).toBe(process.getuid!());
    const id = (await eventually(() => a.idOf('made.txt'), 'made.txt in the tree')) as string;
    const opened = await a.ask('file/open', { id });
    const edited = await a.ask('file/documentOperation', { id, operation: [opened.result.content.length, 'from-editor\n'], revision: opened.result.document.revision });
    expect(edited.status).toBe(0);
    expect((await a.ask('file/save', { id, write: true })).status).toBe(0);
    expect(readFileSync(onHost, 'utf8')).toBe('from-shell\nfrom-editor\n');
    const appended = await shellA.run('echo again >> made.txt && cat made.txt');
    expect(appended.code).toBe(0);
    expect(readFileSync(onHost, 'utf8')).toBe('from-shell\nfrom-editor\nagain\n');
    await a.ask('file/close', { id });
  });

  it('holds a fork bomb to the workspace process limit while the server keeps answering, and ends it with the terminal', async () => {
    const bomb = await Terminal.open(a);
    // dash gives up at the first fork the limit refuses; every sleep it started stays (29.123 s: the marker, which
    // the command line itself does not contain).
    await a.ask('shell/in', { shellId: bomb.shellId, input: `sh -c 'd=29.123; i=0; while [ $i -lt 2000 ]; do sleep $d & i=$((i+1)); done' 2>/dev/null\r` });
    await eventually(async () => {
      const before = hostProcesses('sleep 29.123');
      await new Promise((resolve) => setTimeout(resolve, 300));
      return before > 0 && hostProcesses('sleep 29.123') === before;
    }, 'the bomb to reach its limit');
    const started = hostProcesses('sleep 29.123');
    expect(started).toBeGreaterThan(MAX_PROCESSES / 2);
    expect(started).toBeLessThanOrEqual(MAX_PROCESSES);
    expect((await b.ask('client/list', {})).status).toBe(0);
    // The limit is A's: B forks as usual.
    expect((await shellB.run('echo b-works')).output).toContain('b-works');
    await bomb.terminate();
    await eventually(() => hostProcesses('sleep 29.123') === 0, 'the sandbox processes to end with the terminal', 10_000);
    expect((await shellA.run('echo a-works-again')).output).toContain('a-works-again');
  });

  it('kills a memory hog at the workspace memory limit; the server stays up', async () => {
    const hog = await shellB.run(`node -e "a=[];for(;;)a.push(Buffer.alloc(1e7,1))"`, 30_000);
    expect(hog.code).toBe(137); // SIGKILL from the cgroup's OOM killer
    expect(proc.child.exitCode).toBeNull();
    expect((await a.ask('client/list', {})).status).toBe(0);
    expect((await shellB.run('echo b-alive')).output).toContain('b-alive');
  });
});

describe('a kill -9 of the server', () => {
  it('leaves no sandboxed process running, even a piped one that ignores its closed input', async () => {
    const dataDir = tempDataDir();
    makeSandbox(dataDir, A, '2024-01-01T00:00:00.000Z', { 'a.txt': 'mine\n' });
    const marker = '29.4242';
    const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', path.join(__dirname, '..', 'support', 'sandboxed-sleeper.ts'), dataDir, A, marker], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      await new Promise<void>((resolve) => child.stdout!.on('data', (d: Buffer) => d.toString().includes('READY') && resolve()));
      expect(hostProcesses(`sleep ${marker}`)).toBeGreaterThan(0);
      child.kill('SIGKILL');
      await eventually(() => (hostProcesses(`sleep ${marker}`) === 0 ? true : undefined), 'the sandboxed sleep ended with its parent', 10_000);
    } finally {
      child.kill('SIGKILL');
      removeDir(dataDir);
    }
  });
});

describe('piped processes (git, search, language servers) run in the same sandbox', () => {
  let dataDir: string;
  let selection: RuntimeSelection;
  const box = (id: string) => ({ sandboxId: id, rootDir: path.join(dataDir, 'sandboxes', id, 'files'), homeDir: path.join(dataDir, 'sandboxes', id, 'home') });

  beforeAll(() => {
    dataDir = tempDataDir();
    makeSandbox(dataDir, A, '2024-01-01T00:00:00.000Z', { 'a.txt': 'mine\n' });
    makeSandbox(dataDir, B, '2024-01-02T00:00:00.000Z', { 'secret.txt': `${B_SECRET}\n` });
    writeFileSync(path.join(dataDir, 'canary.txt'), `${DATA_CANARY}\n`);
    selection = selectProcessRuntime({
      mode: 'bubblewrap',
      network: 'auto',
      beyondLoopback: true,
      dataDir,
      limits: { maxProcesses: MAX_PROCESSES, memoryBytes: MEMORY_BYTES },
      ptys: new NodePtyShellHost(),
      log: () => undefined,
    });
  });
  afterAll(() => {
    selection.networks?.dispose();
    removeDir(dataDir);
  });

  function run(file: string, args: string[], env?: Record<string, string>): Promise<{ out: string; code: number | null }> {
    const child = selection.runtime.spawn(box(A), file, args, { cwd: box(A).rootDir, env });
    let out = '';
    child.onStdout((chunk) => (out += Buffer.from(chunk).toString()));
    child.onStderr((chunk) => (out += Buffer.from(chunk).toString()));
    return new Promise((resolve) => child.onExit(({ exitCode }) => resolve({ out, code: exitCode })));
  }

  it('sees only its workspace, as the sandbox user, with its own environment and no terminal', async () => {
    expect(selection.kind).toBe('bubblewrap');
    expect(selection.runtime.isolated).toBe(true);
    const secrets = [path.join(box(B).rootDir, 'secret.txt'), path.join(dataDir, 'canary.txt'), '/etc/shadow'];
    const result = await run('sh', ['-c', `cat ${secrets.join(' ')}; id -u; cat a.txt; echo "X=$X"; tty; hostname; getent hosts ${A}`], { X: 'passed' });
    expect(result.out).not.toContain(B_SECRET);
    expect(result.out).not.toContain(DATA_CANARY);
    expect(result.out).toMatch(/\n1000\nmine\nX=passed\nnot a tty\nisoaaa\n127\.0\.1\.1\s+isoaaa\n$/);
  });

  it('cannot reach link-local addresses (cloud metadata services), nor remove the route that keeps them out', async () => {
    const connect = ['-e', "require('net').connect(80,'169.254.169.254').on('connect',()=>console.log('CONNECTED')).on('error',e=>console.log('ERR '+e.code)).setTimeout(3000,()=>console.log('TIMEOUT'))"];
    expect((await run('node', connect)).out).toBe('ERR EHOSTUNREACH\n');
    const removal = await run('/usr/sbin/ip', ['route', 'del', 'unreachable', '169.254.0.0/16']);
    expect(removal.code).not.toBe(0);
    expect(removal.out).toContain('Operation not permitted');
    expect((await run('node', connect)).out).toBe('ERR EHOSTUNREACH\n');
  });

  it('looks the program up on the sandbox PATH and reports its exit code; node and git are there', async () => {
    expect(await run('git', ['--version'])).toMatchObject({ code: 0, out: expect.stringMatching(/^git version/) });
    expect(await run('node', ['-e', 'process.exit(7)'])).toMatchObject({ code: 7 });
    expect((await run('no-such-program-here', [])).code).not.toBe(0);
  });
});

describe('without bubblewrap', () => {
  let dataDir: string;
  let noBwrapPath: string;
  let server: RunningServer | undefined;

  /** A server started while PATH has bash but no bwrap (the runtime is chosen at start). */
  async function startWithoutBubblewrap(env: Record<string, string>): Promise<RunningServer> {
    const saved = process.env.PATH;
    process.env.PATH = noBwrapPath;
    try {
      return await startTestServer(dataDir, 'write', { env });
    } finally {
      process.env.PATH = saved;
    }
  }
  const noticesOf = (s: RunningServer) => s.container.get<RuntimeSelection>(ProcessRuntimeSelection).notices;

  beforeAll(() => {
    noBwrapPath = mkdtempSync(path.join(tmpdir(), 'bullpen-nobwrap-'));
    for (const tool of ['bash', 'sh']) symlinkSync(`/bin/${tool}`, path.join(noBwrapPath, tool));
  });
  beforeEach(() => {
    dataDir = tempDataDir();
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    removeDir(dataDir);
  });
  afterAll(() => removeDir(noBwrapPath));

  it('refuses terminals beyond loopback with the reason (SHELL_NOT_ACCESSIBLE), and warns once at start', async () => {
    server = await startWithoutBubblewrap({ HOST: '0.0.0.0', BULLPEN_BOOTSTRAP_TOKEN: TOKEN });
    expect(noticesOf(server)).toEqual([
      { level: 'warn', text: expect.stringContaining('Terminals, tasks, git and language servers are disabled: Bullpen listens beyond loopback and bubblewrap (bwrap) is not installed') },
    ]);
    const s = await join(server, server.defaultSandboxId, TOKEN);
    const created = await s.ask('shell/create', { type: 'TERMINAL', size: { cols: 80, rows: 24 } });
    expect(created).toMatchObject({ status: 1, error: { code: PitcherErrorCode.SHELL_NOT_ACCESSIBLE, message: expect.stringContaining(REFUSAL_NOT_INSTALLED) } });
    expect((await s.ask('shell/list', {})).status).toBe(0);
    await s.close();
  });

  it('runs unsandboxed on loopback after one clear warning', async () => {
    server = await startWithoutBubblewrap({});
    expect(noticesOf(server)).toEqual([{ level: 'warn', text: expect.stringContaining('Workspace processes run WITHOUT a sandbox: bubblewrap (bwrap) is not installed') }]);
    const s = await join(server, server.defaultSandboxId);
    const shell = await Terminal.open(s);
    expect((await shell.run('echo direct-$((6*7))')).output).toContain('direct-42');
    await shell.terminate();
    await s.close();
  });
});
