import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { DevContainerConfig } from '../../../../src/domain/container/devcontainer-config';
import {
  DEV_CONTAINER_SCRIPT_HEADER,
  describeCommand,
  devContainerScript,
  installProgress,
  isDevContainerScript,
  shellQuote,
} from '../../../../src/domain/container/devcontainer-script';

/**
 * The script is pure text; these tests also run it with bash (as a task's shell does) against a PATH holding only
 * the tools each case gives it, so that what it prints and its exit code are checked, not its wording alone.
 */
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'devcontainer-script-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Fake tools on the PATH: each prints its name. */
function tools(...names: string[]): string {
  const own = mkdtempSync(path.join(dir, 'path-'));
  for (const name of names) {
    writeFileSync(path.join(own, name), `#!/bin/sh\necho "${name} $*"\n`);
    chmodSync(path.join(own, name), 0o755);
  }
  return own;
}

function run(config: DevContainerConfig, pathDirs: string): { out: string; code: number | null } {
  const result = spawnSync('/bin/bash', ['-c', devContainerScript(config)], {
    cwd: dir,
    env: { PATH: pathDirs, HOME: dir },
    encoding: 'utf8',
  });
  return { out: result.stdout + result.stderr, code: result.status };
}

/** The shell's own tools (sh, sleep, printf) must work while node, git … stay absent: only /bin/sh and friends. */
function basics(): string {
  const own = mkdtempSync(path.join(dir, 'basics-'));
  for (const name of ['sh', 'sleep', 'cat']) {
    const found = spawnSync('/bin/sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
    writeFileSync(path.join(own, name), `#!/bin/sh\nexec ${found} "$@"\n`);
    chmodSync(path.join(own, name), 0o755);
  }
  return own;
}

const NODE: DevContainerConfig = { name: 'Node.js & JavaScript', image: 'mcr.microsoft.com/devcontainers/javascript-node:1-22-bookworm' };

describe('devContainerScript', () => {
  it('starts with its header and says that it ensures the dev container is ready', () => {
    const script = devContainerScript(NODE);
    expect(script.split('\n')[0]).toBe(DEV_CONTAINER_SCRIPT_HEADER);
    expect(isDevContainerScript(script)).toBe(true);
    expect(isDevContainerScript('npm run dev')).toBe(false);
  });

  it('finds every tool, runs nothing more and ends ready (0)', () => {
    const { out, code } = run(NODE, `${tools('node', 'npm', 'git')}:${basics()}`);
    expect(code).toBe(0);
    expect(out).toContain('Ensuring that Dev Container is ready...');
    expect(out).toContain("Bullpen runs dev containers on the host's toolchain: looking for node, npm, git");
    expect(out).toMatch(/  node: \/.*\/node\n/);
    expect(out).toContain('Installing Dev Container...');
    expect(out.trim().split('\n').pop()).toBe('Dev Container is ready');
  });

  it('says which tools are missing and what needs them, runs the commands anyway, and exits 127', () => {
    const { out, code } = run(
      { ...NODE, features: { 'ghcr.io/devcontainers/features/rust:1': {} }, postCreateCommand: 'echo post-create-ran' },
      `${tools('node', 'npm', 'git')}:${basics()}`,
    );
    expect(code).toBe(127);
    expect(out).toContain('  cargo: missing (needed by ghcr.io/devcontainers/features/rust:1)');
    expect(out).toContain("Missing: cargo, rustc. Bullpen runs dev containers on the host's toolchain: install cargo, rustc on the server");
    expect(out).toContain('post-create-ran');
    expect(out).toContain('Dev Container is not ready: cargo, rustc missing');
  });

  it('runs onCreateCommand, updateContentCommand and postCreateCommand in that order, announcing each', () => {
    const { out, code } = run(
      { ...NODE, postCreateCommand: 'echo third', onCreateCommand: 'echo first', updateContentCommand: ['echo', "it's second"] },
      `${tools('node', 'npm', 'git')}:${basics()}`,
    );
    expect(code).toBe(0);
    const order = ['Running onCreateCommand (1 of 3): echo first', 'first', "Running updateContentCommand (2 of 3): echo it's second", "it's second", 'Running postCreateCommand (3 of 3): echo third', 'third'];
    let at = -1;
    for (const line of order) {
      const next = out.indexOf(line, at + 1);
      expect(next).toBeGreaterThan(at);
      at = next;
    }
  });

  it('stops at the first failing command with its exit code; nothing after it runs', () => {
    const { out, code } = run({ ...NODE, onCreateCommand: 'exit 7', postCreateCommand: 'echo never-runs' }, `${tools('node', 'npm', 'git')}:${basics()}`);
    expect(code).toBe(7);
    expect(out).toContain('onCreateCommand failed with exit code 7');
    expect(out).not.toContain('never-runs');
    expect(out).not.toMatch(/^Dev Container is ready$/m);
  });

  it('runs an object\'s commands at the same time; the first failing one (in order) gives the exit code', () => {
    const { out, code } = run(
      { ...NODE, postCreateCommand: { slow: 'sleep 0.3; echo slow-done; exit 4', quick: 'echo quick-done; exit 5', fine: 'true' } },
      `${tools('node', 'npm', 'git')}:${basics()}`,
    );
    expect(code).toBe(4);
    expect(out.indexOf('quick-done')).toBeLessThan(out.indexOf('slow-done'));
    expect(out).toContain('  slow failed with exit code 4');
    expect(out).toContain('  quick failed with exit code 5');
    expect(out).toContain('postCreateCommand failed with exit code 4');
  });

  it('runs an array as a program without a shell, even one named like the script\'s own function', () => {
    const { out, code } = run({ ...NODE, postCreateCommand: ['check', '$HOME', '; echo injected'] }, `${tools('node', 'npm', 'git', 'check')}:${basics()}`);
    expect(code).toBe(0);
    expect(out).toContain('check $HOME ; echo injected');
    expect(out).not.toMatch(/^injected$/m);
  });

  it('keeps names with quotes and newlines inside their words', () => {
    const script = devContainerScript({ name: "it's\nrm -rf /", image: "x'; touch pwned; '" });
    expect(script.split('\n')[1]).toBe("# it's rm -rf / (x'; touch pwned; ')");
    const { code } = run({ name: "it's\nrm -rf /", image: "x'; touch pwned; '" }, basics());
    expect(code).toBe(0);
  });

  it('names images and features it cannot check', () => {
    const { out } = run({ name: 'Own', image: 'example.com/own:1', features: { './local': {} } }, basics());
    expect(out).toContain('  not checked: example.com/own:1 (Bullpen does not know what it installs)');
    expect(out).toContain('  not checked: ./local (Bullpen does not know what it installs)');
  });
});

describe('installProgress', () => {
  it('reads the last announced lifecycle command', () => {
    expect(installProgress('Ensuring that Dev Container is ready...\r\n')).toBeUndefined();
    expect(installProgress('Running onCreateCommand (1 of 2): a\r\nout\r\nRunning postCreateCommand (2 of 2): b\r\n')).toEqual({ started: 2, total: 2 });
  });
});

describe('helpers', () => {
  it('quotes any text as one shell word', () => {
    expect(spawnSync('/bin/sh', ['-c', `printf %s ${shellQuote("a'b $c\n`d`")}`], { encoding: 'utf8' }).stdout).toBe("a'b $c\n`d`");
  });
  it('describes commands by their first line, words or labels', () => {
    expect(describeCommand('npm ci\nnpm test')).toBe('npm ci …');
    expect(describeCommand(['npm', 'ci'])).toBe('npm ci');
    expect(describeCommand({ web: 'a', api: ['b'] })).toBe('web, api (at the same time)');
  });
});
