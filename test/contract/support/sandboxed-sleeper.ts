/**
 * A stand-in for the server in a kill -9 test: selects the bubblewrap runtime like the server does, starts a piped
 * `sleep` that ignores its closed stdin (as a hung git or a daemon would) in a sandbox, prints READY and waits to
 * be killed. Run with ts-node: <dataDir> <sandboxId> <marker seconds>.
 */
import * as path from 'node:path';
import { NodePtyShellHost } from '../../../src/server/adapters/pty/node-pty-shell-host';
import { selectProcessRuntime } from '../../../src/server/adapters/process/runtime-selection';

const [dataDir, sandboxId, seconds] = process.argv.slice(2);
const selection = selectProcessRuntime({
  mode: 'bubblewrap',
  network: 'auto',
  beyondLoopback: true,
  dataDir,
  limits: { maxProcesses: 64, memoryBytes: 512 * 1024 * 1024 },
  ptys: new NodePtyShellHost(),
  log: () => undefined,
});
const rootDir = path.join(dataDir, 'sandboxes', sandboxId, 'files');
selection.runtime.spawn({ sandboxId, rootDir, homeDir: path.join(dataDir, 'sandboxes', sandboxId, 'home') }, 'sleep', [seconds], { cwd: rootDir });
setTimeout(() => console.log('READY'), 500);
setInterval(() => undefined, 1000);
