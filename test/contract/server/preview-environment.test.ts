import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { useTestServer } from '../support/server-harness';
import { WireSession, eventually, useWireSessions } from '../support/wire-session';

jest.setTimeout(120_000);

/**
 * What dev servers read to find their hot-reload socket behind the preview proxy (docs/protocol/port.md "Hot reload"):
 * every workspace process, terminal or task, sandboxed or not, has WDS_SOCKET_PORT=0 (the page's port) and leaves
 * WDS_SOCKET_HOST and WDS_SOCKET_PATH to their defaults (the page's host, /ws).
 */
describe.each([
  ['in a bubblewrap sandbox (auto)', {}],
  ['unsandboxed (BULLPEN_SANDBOX=none)', { BULLPEN_SANDBOX: 'none' }],
])('the environment of workspace processes, %s', (_name, env: Record<string, string>) => {
  const context = useTestServer({ env });
  let a: WireSession;
  useWireSessions(context, 1, ([s]) => (a = s));
  const PRINT = 'printf "port=%s host=%s path=%s\\n" "$WDS_SOCKET_PORT" "${WDS_SOCKET_HOST-unset}" "${WDS_SOCKET_PATH-unset}"';
  const printed = (name: string) => readFileSync(path.join(context.filesDir, name), 'utf8');

  it("tells a terminal's dev server to aim its hot-reload socket at the page's port", async () => {
    await a.inTerminal(`${PRINT} > terminal-env.txt`);
    expect(printed('terminal-env.txt')).toBe('port=0 host=unset path=unset\n');
  });

  it("tells a task's dev server the same", async () => {
    const ran = await a.ask('task/runCommand', { command: `${PRINT} > task-env.txt` });
    expect(ran.status).toBe(0);
    await eventually(() => existsSync(path.join(context.filesDir, 'task-env.txt')) && printed('task-env.txt').endsWith('\n'), 'the task to print');
    expect(printed('task-env.txt')).toBe('port=0 host=unset path=unset\n');
  });
});
