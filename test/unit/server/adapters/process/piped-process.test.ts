import { execFileSync, spawn } from 'node:child_process';
import { fstatSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pipedProcess, startPiped } from '../../../../../src/server/adapters/process/direct-runtime';
import { OutputSpool } from '../../../../../src/server/adapters/process/output-spool';

const LEFT_BEHIND = 'sleep 29.713';

describe('pipedProcess', () => {
  afterAll(() => {
    try {
      execFileSync('pkill', ['-f', LEFT_BEHIND]);
    } catch {
      /* none left */
    }
  });

  it('reports the exit with the whole output when the program ends', async () => {
    const child = pipedProcess(spawn('/bin/sh', ['-c', 'echo out; echo err >&2; exit 3'], { stdio: ['pipe', 'pipe', 'pipe'] }));
    let out = '';
    let err = '';
    child.onStdout((c) => (out += Buffer.from(c).toString()));
    child.onStderr((c) => (err += Buffer.from(c).toString()));
    const exit = await new Promise((resolve) => child.onExit(resolve));
    expect(exit).toEqual({ exitCode: 3, signal: null });
    expect([out, err]).toEqual(['out\n', 'err\n']);
  });

  it('reports the exit soon after the program ended even when a process it left behind keeps its output open', async () => {
    const child = pipedProcess(spawn('/bin/sh', ['-c', `${LEFT_BEHIND} & echo started`], { stdio: ['pipe', 'pipe', 'pipe'] }));
    let out = '';
    child.onStdout((c) => (out += Buffer.from(c).toString()));
    const started = Date.now();
    const exit = await new Promise((resolve) => child.onExit(resolve));
    expect(exit).toEqual({ exitCode: 0, signal: null });
    expect(out).toBe('started\n');
    expect(Date.now() - started).toBeLessThan(10_000); // not the 29.7 s the left-behind process holds the pipe
  });
});

describe('startPiped with its output spooled', () => {
  const collect = (child: ReturnType<typeof startPiped>) => {
    const chunks: Buffer[] = [];
    child.onStdout((c) => chunks.push(Buffer.from(c)));
    const exit = new Promise<{ exitCode: number | null; signal: string | null; output: string }>((resolve) =>
      child.onExit((e) => resolve({ ...e, output: Buffer.concat(chunks).toString() })),
    );
    return exit;
  };
  const shell = (script: string) => startPiped((stdout) => spawn('/bin/sh', ['-c', script], { stdio: ['pipe', stdout, 'pipe'] }), true);

  it('hands over every small write and every large block in order, and reports the exit after the last of them', async () => {
    const exit = await collect(shell('i=0; while [ $i -lt 3000 ]; do echo "line $i"; i=$((i+1)); done; head -c 2500000 /dev/zero | tr "\\0" x; echo; echo end; exit 4'));
    const expected = `${Array.from({ length: 3000 }, (_, i) => `line ${i}\n`).join('')}${'x'.repeat(2_500_000)}\nend\n`;
    expect(exit.exitCode).toBe(4);
    expect(exit.output.length).toBe(expected.length);
    expect(exit.output === expected).toBe(true);
  });

  it('falls back to a pipe when no spool can be made', async () => {
    const child = startPiped((stdout) => spawn('/bin/sh', ['-c', 'echo piped'], { stdio: ['pipe', stdout, 'pipe'] }), true, '/nonexistent/directory');
    expect(await collect(child)).toMatchObject({ exitCode: 0, output: 'piped\n' });
  });

  it('reports a program that cannot start as exit 127, with the reason on standard error', async () => {
    const child = startPiped((stdout) => spawn('/nonexistent/program', [], { stdio: ['pipe', stdout, 'pipe'] }), true);
    let err = '';
    child.onStderr((c) => (err += Buffer.from(c).toString()));
    const exit = await collect(child);
    expect(exit).toMatchObject({ exitCode: 127, output: '' });
    expect(err).toContain('ENOENT');
  });

  it('reports the exit soon after the program ended even when a process it left behind keeps the spool open', async () => {
    const started = Date.now();
    const exit = await collect(shell(`${LEFT_BEHIND} & echo started`));
    expect(exit).toMatchObject({ exitCode: 0, output: 'started\n' });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe('OutputSpool', () => {
  it('leaves no file behind from the moment it exists, and closes its descriptor once the output is read', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'bullpen-spool-test-'));
    try {
      const spool = new OutputSpool(directory);
      expect(readdirSync(directory)).toEqual([]);
      const child = spawn('/bin/sh', ['-c', 'echo one; sleep 0.05; echo two'], { stdio: ['ignore', spool.fd, 'ignore'] });
      const chunks: Buffer[] = [];
      spool.start((c) => chunks.push(c));
      child.on('exit', () => spool.childExited());
      await spool.ended;
      expect(Buffer.concat(chunks).toString()).toBe('one\ntwo\n');
      expect(() => fstatSync(spool.fd)).toThrow(/EBADF/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('DirectProcessRuntime with a spooled program', () => {
  const LINGERING = 'sleep 28.913';
  afterAll(() => {
    try {
      execFileSync('pkill', ['-f', LINGERING]);
    } catch {
      /* none left */
    }
  });

  /** Whether a process is still running (a zombie waiting for its new parent to reap it counts as ended). */
  const running = (pid: number) => {
    try {
      return !readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].startsWith('Z');
    } catch {
      return false;
    }
  };

  it('dies with the server: no EPIPE will end it, so it gets SIGKILL when its parent is gone', async () => {
    const runtime = path.resolve(__dirname, '../../../../../src/server/adapters/process/direct-runtime');
    const script = `
      const { DirectProcessRuntime } = require(${JSON.stringify(runtime)});
      const child = new DirectProcessRuntime({ spawn() { throw new Error('no pty'); } })
        .spawn({ sandboxId: 's', rootDir: '/tmp', homeDir: '/tmp' }, 'sh', ['-c', 'echo started; exec ${LINGERING}'], { cwd: '/tmp', spoolStdout: true });
      child.onStdout(() => console.log(child.pid));
      setInterval(() => undefined, 1000);`;
    const server = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const pid = await new Promise<number>((resolve) => server.stdout!.once('data', (d) => resolve(Number(String(d).trim()))));
    expect(running(pid)).toBe(true);
    server.kill('SIGKILL');
    const deadline = Date.now() + 4_000;
    while (running(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(running(pid)).toBe(false);
  });
});
