import { ChildProcess, spawn } from 'node:child_process';
import * as net from 'node:net';
import { ProcListeningPorts } from '../../../../src/server/adapters/proc/proc-listening-ports';

jest.setTimeout(30_000);

/** Starts `bash -c '<node listening on 0 in a grandchild>'` and resolves with the child and the port it listens on. */
function startListener(host: string): Promise<{ child: ChildProcess; port: number }> {
  const script = `require('net').createServer().listen(0, ${JSON.stringify(host)}, function () { console.log(this.address().port) })`;
  // bash runs node as a grandchild (the `; true` keeps bash from exec'ing it): the port is found below the root pid.
  const child = spawn('bash', ['-c', `${JSON.stringify(process.execPath)} -e ${JSON.stringify(script)}; true`], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (data: Buffer) => resolve({ child, port: Number(String(data).trim()) }));
    child.once('error', reject);
  });
}

/** Ends the child and its node (its own process group). */
const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-child.pid!, 'SIGTERM');
  });

describe('ProcListeningPorts (Linux /proc)', () => {
  const ports = new ProcListeningPorts();

  it('finds the ports that descendants of the given pids listen on, IPv4 and IPv6, with where to connect', async () => {
    const v4 = await startListener('127.0.0.1');
    const v6 = await startListener('::');
    try {
      const found = await ports.find([v4.child.pid!, v6.child.pid!]);
      expect(found).toEqual(
        [
          { port: v4.port, host: '127.0.0.1', rootPid: v4.child.pid },
          { port: v6.port, host: '127.0.0.1', rootPid: v6.child.pid },
        ].sort((a, b) => a.port - b.port),
      );
      expect(await ports.find([v4.child.pid!])).toEqual([{ port: v4.port, host: '127.0.0.1', rootPid: v4.child.pid }]);
    } finally {
      await stop(v4.child);
      await stop(v6.child);
    }
  });

  it('finds nothing for other processes, none, or pids that do not exist', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      // This process listens, but it is not below the given pid (nor is a pid that does not exist).
      expect(await ports.find([2 ** 22 + 17])).toEqual([]);
      expect(await ports.find([])).toEqual([]);
      const bystander = spawn('sleep', ['5']);
      expect(await ports.find([bystander.pid!])).toEqual([]);
      bystander.kill();
    } finally {
      server.close();
    }
  });
});
