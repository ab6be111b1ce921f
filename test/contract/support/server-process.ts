import { ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';
import { RunningServer } from '../../../src/server/bullpen-server';
import { TEST_TEMPLATE_DIR } from '../../support/test-template';

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** Bullpen running as its own process (src/server/main.ts through ts-node), so a test can kill -9 it. */
export interface ServerProcess {
  child: ChildProcess;
  /** The shape the wire helpers need: url and default sandbox id. */
  server: RunningServer;
  output(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

export function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', BULLPEN_DATA: dataDir, BULLPEN_TEMPLATE: TEST_TEMPLATE_DIR, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start within 60 s:\n${log}`)), 60_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const match = /Open the default sandbox: (\S+)/.exec(log);
      if (!match) return;
      clearTimeout(timer);
      const url = new URL(match[1]);
      const sandboxId = url.pathname.split('/').filter(Boolean).pop()!;
      const server = { url: url.origin, port: Number(url.port), defaultSandboxId: sandboxId } as unknown as RunningServer;
      resolve({
        child,
        server,
        output: () => log,
        kill: (signal) =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill(signal);
          }),
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited early (${code ?? signal}):\n${log}`));
    });
  });
}
