import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { DirectProcessRuntime } from '../../../src/server/adapters/process/direct-runtime';
import { NodePtyShellHost } from '../../../src/server/adapters/pty/node-pty-shell-host';
import { BULLPEN_ZSHRC } from '../../../src/server/adapters/process/zsh-startup';
import { ShellProcess, SpawnOptions } from '../../../src/server/application/ports/shell-host.port';
import { eventually } from '../support/wire-session';

jest.setTimeout(60_000);

/** What a pty printed until `marker` appeared in it (the command is typed, then the pty is killed). */
async function outputOf(child: ShellProcess, input: string | undefined, marker: RegExp): Promise<string> {
  let output = '';
  child.onDidOutput((chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.onDidExit(() => resolve()));
  if (input !== undefined) child.write(input);
  try {
    return await eventually(() => (marker.test(output) ? output : ''), `${marker} in the terminal`, 20_000);
  } finally {
    child.kill();
    await exited;
  }
}

describe('an unsandboxed terminal (DirectProcessRuntime: the server user’s own home)', () => {
  let dir: string;
  let home: string;
  let fallback: string;
  const size = { cols: 120, rows: 30 };
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'bullpen-login-shell-'));
    home = path.join(dir, 'home');
    fallback = path.join(dir, 'data', 'shell', 'zsh');
    mkdirSync(home);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const runtime = (name: 'zsh' | 'bash') => {
    const direct = new DirectProcessRuntime(new NodePtyShellHost(), {
      loginShell: { path: `/usr/bin/${name}`, name },
      zshFallbackDir: fallback,
      env: { PATH: process.env.PATH, HOME: home, USER: 'someone' },
    });
    return { spawn: (options: SpawnOptions) => direct.spawnPty({ sandboxId: 's', rootDir: dir, homeDir: home }, options) };
  };
  const probe = 'echo "shell=${ZSH_NAME:-bash} zdotdir=${ZDOTDIR:-none} end"\r';

  it("is a login zsh with Bullpen's .zshrc through ZDOTDIR when the home has no zsh start-up file; the home is not written to", async () => {
    const output = await outputOf(runtime('zsh').spawn({ cwd: dir, ...size }), probe, /shell=[a-z]+ zdotdir=[^\s$]+ end/);
    expect(output).toContain(`shell=zsh zdotdir=${fallback} end`);
    expect(readFileSync(path.join(fallback, '.zshrc'), 'utf8')).toBe(BULLPEN_ZSHRC);
    expect(readdirSync(home)).not.toContain('.zshrc');
  });

  it('still starts, without ZDOTDIR, when Bullpen cannot write its .zshrc (the fallback directory is a file)', async () => {
    mkdirSync(path.dirname(fallback), { recursive: true });
    writeFileSync(fallback, 'not a directory');
    // It writes something (a prompt; zsh's new-user questions when not root): the terminal did start.
    const output = await outputOf(runtime('zsh').spawn({ cwd: dir, ...size }), undefined, /\S/);
    expect(output.trim()).not.toBe('');
  });

  it("is the user's own zsh set-up when the home has one", async () => {
    writeFileSync(path.join(home, '.zshrc'), "PROMPT='mine> '\n");
    const output = await outputOf(runtime('zsh').spawn({ cwd: dir, ...size }), probe, /shell=[a-z]+ zdotdir=[^\s$]+ end/);
    expect(output).toContain('shell=zsh zdotdir=none end');
    expect(output).toContain('mine> ');
  });

  it('runs commands (tasks, setup steps) in bash whatever the login shell', async () => {
    const output = await outputOf(runtime('zsh').spawn({ cwd: dir, ...size, command: 'echo "bash=$BASH_VERSION"' }), undefined, /bash=\d/);
    expect(output).toMatch(/bash=\d/);
  });

  it('is a login bash when bash is configured', async () => {
    const output = await outputOf(runtime('bash').spawn({ cwd: dir, ...size }), 'shopt -q login_shell && echo "login=bash-$BASH_VERSINFO"\r', /login=bash-\d/);
    expect(output).toMatch(/login=bash-\d/);
  });
});
