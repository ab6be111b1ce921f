import { type Stats, promises as fsp } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { FOLLOW, type Location, type Visit, openDirectoryAt, procPath } from './confined-resolver';
import { errnoError, isErrnoError } from './fs-failure';

/**
 * Visitors for the raw calls that change entries (mkdir, remove, rename) and for stat, run at a location the
 * ConfinedResolver resolved. They act on the final name relative to a held directory handle (/proc/self/fd), and
 * never follow a final symlink unless they ask the resolver to (FOLLOW), which keeps the target confined.
 */

const DIRECTORY_MODE = 0o755;

/** lstat of the final component itself; undefined when it does not exist. */
export async function lstatOrMissing(at: Location): Promise<Stats | undefined> {
  if (at.name === '') return at.dir.stat();
  try {
    return await fsp.lstat(procPath(at.dir, at.name));
  } catch (error) {
    if (isErrnoError(error) && error.code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Creates the directory `at.name`. With `existingOk`, an existing directory (or a symlink to one inside) is fine. */
export async function mkdirAt(at: Location, existingOk: boolean): Promise<Visit<void>> {
  if (at.name === '') {
    if (existingOk) return;
    throw errnoError('EEXIST');
  }
  try {
    await fsp.mkdir(procPath(at.dir, at.name), DIRECTORY_MODE);
    return;
  } catch (error) {
    if (!isErrnoError(error) || error.code !== 'EEXIST') throw error;
  }
  const existing = await lstatOrMissing(at);
  if (existing?.isSymbolicLink() && existingOk) return FOLLOW;
  if (existing?.isDirectory() && existingOk) return;
  throw errnoError('EEXIST');
}

/** Removes the entry `at.name` without following it; a directory only when empty unless `recursive`. */
export async function removeAt(at: Location, recursive: boolean): Promise<void> {
  if (at.name === '') throw errnoError('EBUSY');
  const entry = await lstatOrMissing(at);
  if (entry === undefined) throw errnoError('ENOENT');
  if (!entry.isDirectory()) return fsp.unlink(procPath(at.dir, at.name));
  if (recursive) await emptyDirectory(at.dir, at.name);
  await fsp.rmdir(procPath(at.dir, at.name));
}

/** Removes the entry `name` of `dir` whatever it is, a directory with everything inside (never following links). */
export async function removeEntryAt(dir: FileHandle, name: string): Promise<void> {
  try {
    await fsp.unlink(procPath(dir, name));
  } catch (error) {
    if (!isErrnoError(error) || (error.code !== 'EISDIR' && error.code !== 'EPERM')) throw error;
    await emptyDirectory(dir, name);
    await fsp.rmdir(procPath(dir, name));
  }
}

/** Deletes everything inside the directory `name` of `parent`, descending through handles (O_NOFOLLOW). */
async function emptyDirectory(parent: FileHandle, name: string): Promise<void> {
  const dir = await openDirectoryAt(parent, name);
  if (dir === FOLLOW) return; // swapped for a symlink meanwhile: rmdir then fails with ENOTDIR, nothing is followed
  try {
    for (const child of await fsp.readdir(procPath(dir))) {
      try {
        await fsp.unlink(procPath(dir, child));
      } catch (error) {
        if (isErrnoError(error) && error.code === 'ENOENT') continue;
        // unlink of a directory is EISDIR on Linux (EPERM by POSIX)
        if (!isErrnoError(error) || (error.code !== 'EISDIR' && error.code !== 'EPERM')) throw error;
        await emptyDirectory(dir, child);
        await fsp.rmdir(procPath(dir, child));
      }
    }
  } finally {
    await dir.close();
  }
}

/** Renames `from.name` to `to.name` (neither followed); without `overwrite`, an existing target is EEXIST. */
export async function renameAt(from: Location, to: Location, overwrite: boolean): Promise<void> {
  if (from.name === '' || to.name === '') throw errnoError('EBUSY');
  if ((await lstatOrMissing(from)) === undefined) throw errnoError('ENOENT');
  if (!overwrite && (await lstatOrMissing(to)) !== undefined) throw errnoError('EEXIST');
  await fsp.rename(procPath(from.dir, from.name), procPath(to.dir, to.name));
}

/** The final component's own lstat (FOLLOW for a symlink, so the caller can try its target). */
export async function statAt(at: Location, follow: boolean): Promise<Visit<Stats>> {
  const entry = await lstatOrMissing(at);
  if (entry === undefined) throw errnoError('ENOENT');
  return follow && entry.isSymbolicLink() ? FOLLOW : entry;
}
