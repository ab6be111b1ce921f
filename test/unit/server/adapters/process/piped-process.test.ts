import { execFileSync, spawn } from 'node:child_process';
import { pipedProcess } from '../../../../../src/server/adapters/process/direct-runtime';

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
