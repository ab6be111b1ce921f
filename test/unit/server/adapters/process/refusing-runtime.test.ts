import { RefusingRuntime } from '../../../../../src/server/adapters/process/refusing-runtime';
import { REFUSAL_NOT_INSTALLED } from '../../../../../src/server/adapters/process/runtime-choice';

const box = { sandboxId: 'abc', rootDir: '/w', homeDir: '/h' };

describe('RefusingRuntime', () => {
  const runtime = new RefusingRuntime(REFUSAL_NOT_INSTALLED);

  it('is not isolated and fails every terminal with the reason', () => {
    expect(runtime.isolated).toBe(false);
    expect(() => runtime.spawnPty(box, { cwd: '/w', cols: 80, rows: 24 })).toThrow(REFUSAL_NOT_INSTALLED);
  });

  it('ends a piped process at once, after the caller subscribed: the reason on stderr, exit 126', async () => {
    const child = runtime.spawn(box, 'git', ['status'], { cwd: '/w' });
    const stderr: string[] = [];
    child.onStderr((chunk) => stderr.push(Buffer.from(chunk).toString()));
    const exit = await new Promise((resolve) => child.onExit(resolve));
    expect(exit).toEqual({ exitCode: 126, signal: null });
    expect(stderr.join('')).toBe(`${REFUSAL_NOT_INSTALLED}\n`);
    expect(() => child.write('x')).not.toThrow();
  });
});
