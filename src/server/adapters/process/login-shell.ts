import * as path from 'node:path';
import { findExecutable } from './bwrap-probe';

/** Spec 002 §9: the default terminal profile is zsh; bash, then sh, on a host without zsh. */
export const TERMINAL_PROFILES: readonly string[] = ['zsh', 'bash', 'sh'];

/** The program a terminal runs as a login shell (`-l`), and its name (`zsh`, `bash`…) to tell how to start it. */
export interface LoginShell {
  path: string;
  name: string;
}

/**
 * The terminals' login shell: `configured` (BULLPEN_SHELL: a name looked up with `find`, or a path) when set, else
 * the first of TERMINAL_PROFILES that `find` finds. A configured shell that is not found is still returned as given,
 * so that starting a terminal reports it instead of silently running another shell.
 */
export function chooseLoginShell(configured: string | undefined, find: (name: string) => string | undefined): LoginShell {
  if (configured !== undefined && configured.trim() !== '') {
    const given = configured.trim();
    const found = path.isAbsolute(given) ? given : (find(given) ?? given);
    return { path: found, name: path.basename(given) };
  }
  for (const name of TERMINAL_PROFILES) {
    const found = find(name);
    if (found !== undefined) return { path: found, name };
  }
  return { path: '/bin/sh', name: 'sh' };
}

/** The standard places of a system's shells: inside a sandbox only these are visible (ADR 0010). */
const SYSTEM_BIN_DIRS = ['/usr/local/bin', '/usr/bin', '/bin'];

let chosen: LoginShell | undefined;

/** BULLPEN_SHELL, else the first of TERMINAL_PROFILES installed in the system's directories (looked up once). */
export function defaultLoginShell(): LoginShell {
  chosen ??= chooseLoginShell(process.env.BULLPEN_SHELL, (name) => findExecutable(name, SYSTEM_BIN_DIRS.join(path.delimiter)));
  return chosen;
}
