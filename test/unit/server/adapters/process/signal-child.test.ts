import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as ts from 'typescript';
import { pipedProcess } from '../../../../../src/server/adapters/process/direct-runtime';

const SIGNAL_CHILD = path.resolve(__dirname, '../../../../../src/server/adapters/process/signal-child.ts');
const MISSING_DIR = '/nonexistent-bullpen-directory';

/**
 * A child whose spawn failed (here ENOENT: its working directory is gone) keeps a handle without a process until Node
 * reports the error on the next tick; child.kill() in that moment calls kill(<pid of no process>, signal), which was
 * kill(0, SIGKILL): the whole process group of the server died, the test runner and CI script with it.
 */
describe('killing a child whose spawn failed', () => {
  it('a piped process (git in a workspace whose folder is gone, killed at shutdown) sends no signal and reports exit 127', async () => {
    const child = spawn('git', ['status'], { cwd: MISSING_DIR, stdio: ['pipe', 'pipe', 'pipe'] });
    // Never really signalled from inside the test runner: a kill(0) would end the runner.
    const kill = jest.spyOn(child, 'kill').mockReturnValue(false);
    const git = pipedProcess(child);
    const exit = new Promise((resolve) => git.onExit(resolve));
    git.kill('SIGKILL');
    expect(kill).not.toHaveBeenCalled();
    expect(await exit).toEqual({ exitCode: 127, signal: null });
  });

  it('signalChild, in a node of its own process group: the child that never started is left alone, the one that did gets the signal', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bullpen-signal-child-'));
    try {
      // Plain node, not ts-node: the handle's pid is then the 0 that signalled the whole group.
      const compiled = ts.transpileModule(readFileSync(SIGNAL_CHILD, 'utf8'), { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 } });
      writeFileSync(path.join(dir, 'signal-child.js'), compiled.outputText);
      const script = `
        const { spawn } = require('node:child_process');
        const { signalChild } = require(${JSON.stringify(path.join(dir, 'signal-child.js'))});
        const failed = spawn('sleep', ['5'], { cwd: ${JSON.stringify(MISSING_DIR)} });
        failed.on('error', (e) => console.log('error ' + e.code));
        signalChild(failed, 'SIGKILL');
        const started = spawn('sleep', ['5']);
        started.on('exit', (code, signal) => console.log('sleep ' + signal));
        signalChild(started, 'SIGTERM');
        setTimeout(() => console.log('alive'), 300);`;
      const alone = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
      let output = '';
      alone.stdout!.on('data', (d: Buffer) => (output += d.toString()));
      const ended = await new Promise((resolve) => alone.on('close', (code, signal) => resolve({ output, code, signal })));
      expect(ended).toEqual({ output: 'error ENOENT\nsleep SIGTERM\nalive\n', code: 0, signal: null });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
