import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { BULLPEN_ZSHRC, ZSH_STARTUP_FILES, ensureZshFallbackDir, hasZshStartupFile, seedZshrc } from '../../../../../src/server/adapters/process/zsh-startup';

describe("Bullpen's .zshrc for a home without zsh start-up files", () => {
  let home: string;
  beforeEach(() => (home = mkdtempSync(path.join(tmpdir(), 'bullpen-zsh-'))));
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  it('is written into an empty home, once', () => {
    expect(hasZshStartupFile(home)).toBe(false);
    expect(seedZshrc(home)).toBe(true);
    expect(readFileSync(path.join(home, '.zshrc'), 'utf8')).toBe(BULLPEN_ZSHRC);
    expect(hasZshStartupFile(home)).toBe(true);
    writeFileSync(path.join(home, '.zshrc'), '# mine\n');
    expect(seedZshrc(home)).toBe(false);
    expect(readFileSync(path.join(home, '.zshrc'), 'utf8')).toBe('# mine\n');
  });

  it.each(ZSH_STARTUP_FILES)('is not written when the home has %s', (name) => {
    writeFileSync(path.join(home, name), '# the user’s own\n');
    expect(seedZshrc(home)).toBe(false);
    expect(readdirSync(home)).toEqual([name]);
  });

  it('never follows a symlink planted as .zshrc, even a dangling one', () => {
    const elsewhere = path.join(home, 'elsewhere');
    symlinkSync(elsewhere, path.join(home, '.zshrc'));
    expect(seedZshrc(home)).toBe(false);
    expect(existsSync(elsewhere)).toBe(false);
  });

  it('keeps a prompt, history and completion that never asks a question', () => {
    expect(BULLPEN_ZSHRC).toContain('compinit -u');
    expect(BULLPEN_ZSHRC).toMatch(/^PROMPT=/m);
    expect(BULLPEN_ZSHRC).toMatch(/^HISTFILE=/m);
  });

  it('for ZDOTDIR is written atomically into a directory of its own, and rewritten only when it differs', () => {
    const dir = path.join(home, 'shell', 'zsh');
    expect(ensureZshFallbackDir(dir)).toBe(dir);
    expect(readdirSync(dir)).toEqual(['.zshrc']);
    expect(readFileSync(path.join(dir, '.zshrc'), 'utf8')).toBe(BULLPEN_ZSHRC);
    writeFileSync(path.join(dir, '.zshrc'), 'old\n');
    ensureZshFallbackDir(dir);
    expect(readFileSync(path.join(dir, '.zshrc'), 'utf8')).toBe(BULLPEN_ZSHRC);
    expect(readdirSync(dir)).toEqual(['.zshrc']);
  });
});
