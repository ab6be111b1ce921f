import { constants, promises as fsp } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { posix } from 'node:path';
import { normalizeWorkspacePath } from '../../../domain/fs/workspace-path';
import { errnoError, isErrnoError } from './fs-failure';

/** Like Linux's MAXSYMLINKS: more hops than this while resolving one path is ELOOP. */
export const MAX_SYMLINK_HOPS = 40;

/**
 * Where the final component of a path lies: an open handle of its real parent directory, that
 * directory's workspace-relative path ('' = root) and the final name ('' when the path is the root
 * itself, which is then `dir`). The handle belongs to the resolver and is closed after the visit.
 */
export interface Location {
  readonly dir: FileHandle;
  readonly dirPath: string;
  readonly name: string;
}

/** Returned by a visitor that found a symlink as the final component and wants it followed. */
export const FOLLOW = Symbol('follow');
export type Visit<T> = T | typeof FOLLOW;

/** The path through which the kernel resolves `name` relative to the directory `dir` refers to, as openat would. */
export function procPath(dir: FileHandle, name = ''): string {
  return name === '' ? `/proc/self/fd/${dir.fd}` : `/proc/self/fd/${dir.fd}/${name}`;
}

/**
 * Resolves workspace paths once, component by component from a handle of the root directory (Linux
 * /proc/self/fd), so a rename or a symlink swap after a check cannot redirect what is opened.
 * Symlinks are followed while their targets stay inside the workspace; one that leaves it is EACCES.
 * Failures are thrown as errno errors (no host paths in them); the caller turns them into values.
 */
export class ConfinedResolver {
  constructor(readonly realRoot: string) {}

  /**
   * Walks `path` (a clean workspace path) and calls `visit` with the location of its final
   * component. Parent symlinks are followed; when `visit` returns FOLLOW the final component is read
   * as a symlink and resolution restarts at its target (visit is then called again).
   */
  async resolve<T>(path: string, visit: (at: Location) => Promise<Visit<T>>): Promise<T> {
    let pending = segmentsOf(path);
    let dirSegments: string[] = [];
    let hops = 0;
    let dir = await this.openRoot();
    try {
      for (;;) {
        const name = pending[0] ?? '';
        let target: string | undefined;
        if (pending.length <= 1) {
          const outcome = await visit({ dir, dirPath: dirSegments.join('/'), name });
          if (outcome !== FOLLOW) return outcome;
          if (name === '') throw new Error('The workspace root cannot be a symlink to follow');
          target = await readLinkAt(dir, name);
        } else {
          const child = await openDirectoryAt(dir, name);
          if (child !== FOLLOW) {
            const parent = dir;
            dir = child;
            await parent.close();
            dirSegments.push(name);
            pending = pending.slice(1);
            continue;
          }
          target = await readLinkAt(dir, name);
        }
        hops += 1;
        if (hops > MAX_SYMLINK_HOPS) throw errnoError('ELOOP');
        // No longer a symlink (swapped meanwhile): look at the same component again.
        if (target === undefined) continue;
        pending = this.rewrite(dirSegments, target, pending.slice(1));
        const root = await this.openRoot();
        const previous = dir;
        dir = root;
        await previous.close();
        dirSegments = [];
      }
    } finally {
      await dir.close();
    }
  }

  /**
   * The workspace path a symlink in `dirSegments` designates, followed by the components still to
   * walk. Lexical: `dirSegments` are real directories, so '..' in the target means their parent.
   */
  private rewrite(dirSegments: readonly string[], target: string, rest: readonly string[]): string[] {
    if (target === '') throw errnoError('ENOENT');
    let base: string;
    if (target.startsWith('/')) {
      const absolute = posix.normalize(target);
      const prefix = this.realRoot.endsWith('/') ? this.realRoot : `${this.realRoot}/`;
      if (absolute === this.realRoot) base = '';
      else if (absolute.startsWith(prefix)) base = absolute.slice(prefix.length);
      else throw errnoError('EACCES');
    } else {
      base = [...dirSegments, target].join('/');
    }
    const rewritten = normalizeWorkspacePath([base, ...rest].join('/'));
    if (!rewritten.ok) throw errnoError('EACCES');
    return segmentsOf(rewritten.value);
  }

  private openRoot(): Promise<FileHandle> {
    return fsp.open(this.realRoot, constants.O_RDONLY | constants.O_DIRECTORY);
  }
}

/** Opens the directory `name` inside `dir` without following a symlink; FOLLOW when it is one (or may be). */
export async function openDirectoryAt(dir: FileHandle, name: string): Promise<FileHandle | typeof FOLLOW> {
  const at = procPath(dir, name);
  try {
    return await fsp.open(at, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  } catch (error) {
    // O_NOFOLLOW on a symlink gives ELOOP, or ENOTDIR together with O_DIRECTORY.
    if (!isErrnoError(error) || (error.code !== 'ELOOP' && error.code !== 'ENOTDIR')) throw error;
    // Look again (ENOENT if it vanished meanwhile). A directory that replaced the symlink meanwhile
    // is also FOLLOW: reading the link then finds no symlink and the resolver retries the component.
    const stat = await fsp.lstat(at);
    if (stat.isSymbolicLink() || stat.isDirectory()) return FOLLOW;
    throw error;
  }
}

/** The target of the symlink `name` inside `dir`; undefined when it is not (or no longer) a symlink. */
async function readLinkAt(dir: FileHandle, name: string): Promise<string | undefined> {
  try {
    return await fsp.readlink(procPath(dir, name));
  } catch (error) {
    if (isErrnoError(error) && error.code === 'EINVAL') return undefined;
    throw error;
  }
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}
