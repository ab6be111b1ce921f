import { constants, existsSync, mkdirSync, openSync, closeSync, renameSync, writeFileSync, writeSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { randomUUID } from 'node:crypto';

/** The files zsh reads from `${ZDOTDIR:-$HOME}`; with none of them a non-root zsh starts its new-user wizard. */
export const ZSH_STARTUP_FILES: readonly string[] = ['.zshenv', '.zprofile', '.zshrc', '.zlogin'];

/**
 * The `.zshrc` Bullpen gives a home without zsh start-up files (the default terminal profile is zsh, spec 002 §9),
 * so that a terminal opens at a prompt instead of zsh's new-user wizard. `compinit -u`: inside a sandbox the
 * system's completion directories belong to an unmapped user, which compinit would otherwise ask about.
 */
export const BULLPEN_ZSHRC = [
  '# Written by Bullpen because this home had no zsh start-up files. Edit it freely: Bullpen writes it only',
  '# when none of .zshenv, .zprofile, .zshrc and .zlogin exist.',
  'HISTFILE="${ZDOTDIR:-$HOME}/.zsh_history"',
  'HISTSIZE=10000',
  'SAVEHIST=10000',
  'setopt append_history hist_ignore_dups share_history interactive_comments',
  'bindkey -e',
  'autoload -Uz compinit && compinit -u -d "${ZDOTDIR:-$HOME}/.zcompdump"',
  "zstyle ':completion:*' menu select",
  "PROMPT='%F{green}%n@%m%f:%F{blue}%~%f%# '",
  '',
].join('\n');

export function hasZshStartupFile(dir: string): boolean {
  return ZSH_STARTUP_FILES.some((name) => existsSync(path.join(dir, name)));
}

/**
 * Writes Bullpen's `.zshrc` into `home` when it holds no zsh start-up file. Exclusive creation: a file (or a symlink,
 * which a workspace could plant) that appeared meanwhile is left alone, never followed. Whether it wrote.
 */
export function seedZshrc(home: string): boolean {
  if (hasZshStartupFile(home)) return false;
  let fd: number;
  try {
    fd = openSync(path.join(home, '.zshrc'), constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, BULLPEN_ZSHRC);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * A directory of Bullpen's own holding only its `.zshrc`, for ZDOTDIR when the user's home has no zsh start-up files
 * (unsandboxed terminals run in the server user's real home, which Bullpen does not write to). Written atomically
 * (unique temporary name, rename), and only when its content differs.
 */
export function ensureZshFallbackDir(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const target = path.join(dir, '.zshrc');
  try {
    if (readFileSync(target, 'utf8') === BULLPEN_ZSHRC) return dir;
  } catch {
    /* written below */
  }
  const temporary = path.join(dir, `.zshrc.${process.pid}.${randomUUID()}.tmp`);
  writeFileSync(temporary, BULLPEN_ZSHRC, { mode: 0o644, flag: 'wx' });
  renameSync(temporary, target);
  return dir;
}
