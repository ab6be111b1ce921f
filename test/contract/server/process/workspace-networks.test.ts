import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { request } from 'node:http';
import { readFileSync, readlinkSync } from 'node:fs';
import { Socket } from 'node:net';
import { findExecutable } from '../../../../src/server/adapters/process/bwrap-probe';
import { launchCommand } from '../../../../src/server/adapters/process/sandbox-launcher';
import { WorkspaceNetworks } from '../../../../src/server/adapters/process/workspace-networks';
import { eventually } from '../../support/wire-session';

jest.setTimeout(60_000);

const tool = (name: string) => {
  const found = findExecutable(name);
  if (found === undefined) throw new Error(`${name} is needed by this test (.ci/run installs it)`);
  return found;
};

/** A GET through a socket the networks gave (as the preview proxy does); the body, or the error's code. */
function get(socket: Socket | undefined, port: number): Promise<string> {
  if (socket === undefined) return Promise.resolve('no network');
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/', createConnection: () => socket }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve(body));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(`error ${error.code ?? error.message}`));
    req.end();
  });
}

/** Processes on this machine whose command line holds `text`. */
const processesWith = (text: string) =>
  execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(text) && !line.includes('ps -eo')).length;

describe('WorkspaceNetworks (real bubblewrap, perl, nsenter and slirp4netns)', () => {
  let networks: WorkspaceNetworks;
  const children: ChildProcess[] = [];
  const logs: string[] = [];

  beforeAll(() => {
    networks = new WorkspaceNetworks({ bwrap: tool('bwrap'), perl: tool('perl'), nsenter: tool('nsenter'), slirp4netns: tool('slirp4netns'), idleStopMs: 300, log: (m) => logs.push(m) });
  });
  afterAll(() => {
    children.forEach((c) => c.kill('SIGKILL'));
    networks.dispose();
  });

  /** Runs node inside the workspace's network as a launched process does; resolves with its first output line. */
  function runIn(sandboxId: string, script: string): { child: ChildProcess; firstLine: Promise<string>; release(): void } {
    const lease = networks.enter(sandboxId);
    const launch = launchCommand(process.execPath, ['-e', script], { cgroupProcs: [], rlimits: undefined }, lease.join);
    const child = spawn(launch.file, launch.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    child.on('exit', () => lease.release());
    const firstLine = new Promise<string>((resolve) => {
      let out = '';
      child.stdout!.on('data', (d) => {
        out += d;
        if (out.includes('\n')) resolve(out.split('\n')[0]);
      });
      child.on('exit', (code) => resolve(out || `exit ${code}`));
    });
    return { child, firstLine, release: lease.release };
  }

  /** Whether a workspace's network is up (its forwarder takes connections); the probe connection is dropped. */
  const isUp = (sandboxId: string) => {
    const probe = networks.connect(sandboxId, '127.0.0.1', 1);
    probe?.on('error', () => undefined);
    probe?.destroy();
    return probe !== undefined;
  };

  const listen = (port: number, body: string) => `require('http').createServer((q,s)=>s.end('${body}')).listen(${port},'127.0.0.1',()=>console.log('UP'))`;
  const fetch = (port: number) =>
    `require('http').get('http://127.0.0.1:${port}/',r=>{let b='';r.on('data',d=>b+=d);r.on('end',()=>console.log('GOT '+b))}).on('error',e=>console.log('ERR '+e.code))`;

  it("serves a workspace's loopback port to the preview proxy, to its own processes, and to no one else", async () => {
    const port = 30000 + Math.floor(Math.random() * 20000);
    const server = runIn('alpha', listen(port, 'alpha-page'));
    expect(await server.firstLine).toBe('UP');
    expect(await get(networks.connect('alpha', '127.0.0.1', port), port)).toBe('alpha-page');
    expect(await runIn('alpha', fetch(port)).firstLine).toBe('GOT alpha-page');
    // Another workspace, and this machine itself, see nothing on that port.
    expect(await runIn('beta', fetch(port)).firstLine).toBe('ERR ECONNREFUSED');
    expect(await get(networks.connect('beta', '127.0.0.1', port), port)).toMatch(/^error /);
    expect(await get(new Socket().connect(port, '127.0.0.1'), port)).toBe('error ECONNREFUSED');
    // The holder reports the listener (sock_diag) with the inode /proc shows for it.
    const namespace = readlinkSync(`/proc/${server.child.pid}/ns/net`);
    const reported = (await eventually(() => [...(networks.listeningIn(namespace)?.values() ?? [])].find((s) => s.port === port), 'the listener reported'))!;
    expect(reported.address).toBe('127.0.0.1');
    expect(readFileSync(`/proc/${server.child.pid}/net/tcp`, 'utf8')).toContain(` ${reported.inode} `);
    expect(networks.listeningIn(readlinkSync('/proc/self/ns/net'))).toBeUndefined();
    server.child.kill('SIGKILL');
    await eventually(() => ![...(networks.listeningIn(namespace)?.values() ?? [])].some((s) => s.port === port), 'the closed listener gone');
  });

  it('drops a forwarding request that is not an address and a port', async () => {
    runIn('gamma', 'console.log(1)');
    await eventually(() => isUp('gamma'), 'the network of gamma');
    const socket = networks.connect('gamma', '127.0.0.1', 1)!;
    const closed = new Promise<string>((resolve) => {
      let data = '';
      socket.on('data', (d) => (data += d));
      // Closed with the request unread: a reset, or an end.
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(data));
    });
    socket.write('evil.example 80\nGET / HTTP/1.0\r\n\r\n');
    expect(await closed).toBe('');
  });

  it("stops a workspace's network once its last process ended and the idle time passed", async () => {
    const { child, firstLine } = runIn('delta', `console.log('UP'); setInterval(() => {}, 1000)`);
    expect(await firstLine).toBe('UP');
    await eventually(() => isUp('delta'), 'the network of delta');
    const holders = processesWith('IO::Socket::UNIX');
    child.kill('SIGKILL');
    await eventually(() => !isUp('delta'), 'the network of delta stopped', 5_000);
    await eventually(() => processesWith('IO::Socket::UNIX') < holders, 'its holder gone', 5_000);
    // A later process starts it again.
    expect(await runIn('delta', `console.log('again')`).firstLine).toBe('again');
  });

  it('makes link-local addresses (cloud metadata services) unreachable from a workspace', async () => {
    const connect = (host: string) =>
      `require('net').connect(80,'${host}').on('connect',()=>console.log('CONNECTED')).on('error',e=>console.log('ERR '+e.code)).setTimeout(3000,()=>console.log('TIMEOUT'))`;
    expect(await runIn('epsilon', connect('169.254.169.254')).firstLine).toBe('ERR EHOSTUNREACH');
    expect(await runIn('epsilon', connect('169.254.1.1')).firstLine).toBe('ERR EHOSTUNREACH');
    // What the workspace's processes cannot undo (they have no capability): isolation.test.ts.
  });

  it('logs nothing unexpected', () => {
    expect(logs).toEqual([]);
  });
});
