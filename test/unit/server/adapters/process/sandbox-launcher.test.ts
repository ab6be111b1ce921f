import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { NETWORK_NOT_READY, launchCommand, shellQuote } from '../../../../../src/server/adapters/process/sandbox-launcher';

describe('launchCommand', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "bullpen launcher '"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes its own pid into every cgroup.procs before it execs the program (same pid), arguments untouched', () => {
    const procs = [path.join(dir, 'a procs'), path.join(dir, "b'procs")];
    procs.forEach((f) => writeFileSync(f, ''));
    const launch = launchCommand('/bin/sh', ['-c', 'echo "$$|$1|$2"', 'x', 'two words', "it's"], { cgroupProcs: procs, rlimits: undefined });
    const run = spawnSync(launch.file, launch.args, { encoding: 'utf8' });
    expect(run.status).toBe(0);
    const [pid, ...rest] = run.stdout.trim().split('|');
    expect(rest).toEqual(['two words', "it's"]);
    for (const f of procs) expect(readFileSync(f, 'utf8').trim()).toBe(pid);
  });

  it('passes no descriptor but 0, 1 and 2 to the program, whatever the server had open (terminal masters)', () => {
    // The program's descriptors, but the one ls reads /proc/self/fd with.
    const open = (stdout: string) =>
      [...stdout.matchAll(/ (\d+) -> (.*)$/gm)].filter(([, , target]) => !target.startsWith('/proc/')).map(([, fd]) => fd).sort();
    const inherited = ['pipe', 'pipe', 'pipe', 'pipe', ...Array<'ignore'>(14).fill('ignore'), 'pipe'] as const;
    const launch = launchCommand('/bin/ls', ['-l', '/proc/self/fd'], { cgroupProcs: [], rlimits: undefined });
    const run = spawnSync(launch.file, launch.args, { encoding: 'utf8', stdio: [...inherited] });
    expect(run.status).toBe(0);
    expect(open(run.stdout)).toEqual(['0', '1', '2']);
    // The same program without the launcher does see them (the check can fail).
    const bare = spawnSync('/bin/ls', ['-l', '/proc/self/fd'], { encoding: 'utf8', stdio: [...inherited] });
    expect(open(bare.stdout)).toEqual(expect.arrayContaining(['3', '18']));
  });

  it('fails with 126 and runs nothing when it cannot enter a cgroup', () => {
    const launch = launchCommand('/bin/echo', ['ran'], { cgroupProcs: [path.join(dir, 'missing', 'cgroup.procs')], rlimits: undefined });
    const run = spawnSync(launch.file, launch.args, { encoding: 'utf8' });
    expect(run.status).toBe(126);
    expect(run.stdout).toBe('');
  });

  it('sets the fallback rlimits, inherited by the program', () => {
    const rlimits = { prlimit: '/usr/bin/prlimit', processes: 321, addressSpaceBytes: 2 * 1024 * 1024 * 1024 };
    const launch = launchCommand('/bin/sh', ['-c', 'echo $$; ulimit -p 2>/dev/null || ulimit -u; ulimit -v'], { cgroupProcs: [path.join(dir, 'procs')], rlimits });
    writeFileSync(path.join(dir, 'procs'), '');
    const run = spawnSync(launch.file, launch.args, { encoding: 'utf8' });
    const [pid, ...limits] = run.stdout.trim().split('\n');
    expect(limits).toEqual(['321', String(2 * 1024 * 1024)]);
    expect(readFileSync(path.join(dir, 'procs'), 'utf8').trim()).toBe(pid);
  });
});

describe('shellQuote', () => {
  it.each(['plain', 'two words', "it's", '$(rm -rf /)', '`x`', '"q"', ''])('keeps %p one literal word', (value) => {
    const run = spawnSync('/bin/sh', ['-c', `printf %s ${shellQuote(value)}`], { encoding: 'utf8' });
    expect(run.stdout).toBe(value);
  });
});

describe('launchCommand joining a workspace network', () => {
  let dir: string;
  let holder: ReturnType<typeof spawn> | undefined;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'bullpen network '));
    // A stand-in nsenter: prints what it was asked to do, then runs the program.
    writeFileSync(path.join(dir, 'nsenter'), '#!/bin/sh\necho "nsenter $*"\nwhile [ "$1" != "--" ]; do shift; done; shift; exec "$@"\n', { mode: 0o755 });
  });
  afterEach(() => {
    holder?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  const join = (waitSeconds = 2) => ({ nsenter: path.join(dir, 'nsenter'), holderFile: path.join(dir, 'holder'), waitSeconds });
  const run = (waitSeconds?: number) => {
    const launch = launchCommand('/bin/echo', ['ran'], { cgroupProcs: [], rlimits: undefined }, join(waitSeconds));
    return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(launch.file, launch.args);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });
  };
  const startHolder = () => {
    holder = spawn('sleep', ['30']);
    return { pid: holder.pid!, namespace: readlinkSync(`/proc/${holder.pid}/ns/net`) };
  };

  it('waits for the holder file, then joins the user and network namespaces of the pid named in it', async () => {
    const { pid, namespace } = startHolder();
    const started = run();
    await new Promise((resolve) => setTimeout(resolve, 300));
    writeFileSync(path.join(dir, 'holder'), `${pid} ${namespace}\n`);
    const result = await started;
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`nsenter --target ${pid} --user --net --preserve-credentials -- /bin/echo ran\nran\n`);
  });

  it('refuses a pid that is not the holder any more (its network namespace is not the one named)', async () => {
    const { pid } = startHolder();
    writeFileSync(path.join(dir, 'holder'), `${pid} net:[1]\n`);
    const result = await run();
    expect(result.status).toBe(126);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(NETWORK_NOT_READY);
  });

  it('gives up with 126 and says why when the network does not start in time', async () => {
    const result = await run(0.2);
    expect(result.status).toBe(126);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toBe(NETWORK_NOT_READY);
  });
});
