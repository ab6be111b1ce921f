import { randomUUID } from 'node:crypto';
import { constants, promises as fsp } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { FOLLOW, type Location, type Visit, openDirectoryAt, procPath } from './confined-resolver';
import { lstatOrMissing, removeEntryAt } from './confined-mutations';
import { errnoError, isErrnoError } from './fs-failure';

/**
 * fs/copy at resolved locations. The source is held open (a file handle, or directory handles all the way down) and
 * copied through /proc/self/fd, so no path is looked up twice; every file lands under a unique temporary name and
 * is renamed into place (or hard-linked, when it must not replace anything), so a reader never sees half a file.
 */

export const tempName = (): string => `.~bullpen-${randomUUID()}.tmp`;

/** What a copy found at its source: an open regular file or directory. Closed by the caller. */
export type CopySource = { kind: 'file'; handle: FileHandle; mode: number } | { kind: 'directory'; handle: FileHandle };

/** Opens the source of a copy (a final symlink is followed through the resolver, so it stays confined). */
export async function openCopySource(at: Location, recursive: boolean): Promise<Visit<CopySource>> {
  const entry = await lstatOrMissing(at);
  if (entry === undefined) throw errnoError('ENOENT');
  if (entry.isSymbolicLink()) return FOLLOW;
  if (entry.isDirectory()) {
    if (!recursive) throw errnoError('EISDIR');
    const handle = at.name === '' ? await fsp.open(procPath(at.dir), constants.O_RDONLY | constants.O_DIRECTORY) : await openDirectoryAt(at.dir, at.name);
    return handle === FOLLOW ? FOLLOW : { kind: 'directory', handle };
  }
  if (!entry.isFile()) throw errnoError('EINVAL');
  const handle = await openFileAt(at.dir, at.name);
  return handle === FOLLOW ? FOLLOW : { kind: 'file', handle, mode: (await handle.stat()).mode };
}

/** Copies an opened source to `to`. Directories are merged into an existing one only with `overwrite`. */
export async function copyTo(source: CopySource, to: Location, overwrite: boolean): Promise<Visit<void>> {
  if (to.name === '') throw errnoError(source.kind === 'file' ? 'EISDIR' : 'EEXIST');
  const existing = await lstatOrMissing(to);
  if (existing?.isSymbolicLink()) return FOLLOW;
  if (existing && !overwrite) throw errnoError('EEXIST');
  if (source.kind === 'file') {
    if (existing?.isDirectory()) throw errnoError('EISDIR');
    return copyFileHandle(source.handle, source.mode, to.dir, to.name, existing !== undefined);
  }
  if (existing && !existing.isDirectory()) throw errnoError('ENOTDIR');
  if (!existing) await fsp.mkdir(procPath(to.dir, to.name), 0o755);
  const target = await openDirectoryAt(to.dir, to.name);
  if (target === FOLLOW) return FOLLOW;
  try {
    const created = new Set<number>([(await target.stat()).ino]);
    await copyEntries(source.handle, target, overwrite, created);
  } finally {
    await target.close();
  }
}

/** Copies every entry of `from` into `to`, recursively; `created` holds the inodes of target directories (a copy
 * into its own subdirectory must not copy what it is creating). */
async function copyEntries(from: FileHandle, to: FileHandle, overwrite: boolean, created: Set<number>): Promise<void> {
  for (const dirent of await fsp.readdir(procPath(from), { withFileTypes: true })) {
    const { name } = dirent;
    if (isTemp(name)) continue;
    const existing = await fsp.lstat(procPath(to, name)).catch(missingIsUndefined);
    if (existing && !overwrite) throw errnoError('EEXIST');
    if (dirent.isSymbolicLink()) {
      const target = await fsp.readlink(procPath(from, name));
      if (existing) await removeEntryAt(to, name);
      await fsp.symlink(target, procPath(to, name));
    } else if (dirent.isDirectory()) {
      const child = await openDirectoryAt(from, name);
      if (child === FOLLOW) continue; // swapped for a symlink meanwhile: not followed
      try {
        if (created.has((await child.stat()).ino)) continue;
        if (existing && !existing.isDirectory()) await fsp.unlink(procPath(to, name));
        if (!existing || !existing.isDirectory()) await fsp.mkdir(procPath(to, name), 0o755);
        const target = await openDirectoryAt(to, name);
        if (target === FOLLOW) throw errnoError('ELOOP');
        try {
          created.add((await target.stat()).ino);
          await copyEntries(child, target, overwrite, created);
        } finally {
          await target.close();
        }
      } finally {
        await child.close();
      }
    } else if (dirent.isFile()) {
      const file = await openFileAt(from, name);
      if (file === FOLLOW) continue;
      try {
        if (existing?.isDirectory()) await removeEntryAt(to, name);
        await copyFileHandle(file, (await file.stat()).mode, to, name, existing !== undefined && !existing.isDirectory());
      } finally {
        await file.close();
      }
    }
    // FIFOs, sockets and devices are not copied.
  }
}

/** Copies an open file to `name` in `dir` through a temporary file: renamed over a target, linked when new. */
async function copyFileHandle(source: FileHandle, mode: number, dir: FileHandle, name: string, replace: boolean): Promise<void> {
  const temp = procPath(dir, tempName());
  await fsp.copyFile(procPath(source), temp, constants.COPYFILE_EXCL);
  try {
    await fsp.chmod(temp, mode & 0o777);
    if (replace) await fsp.rename(temp, procPath(dir, name));
    else await fsp.link(temp, procPath(dir, name)); // EEXIST if something appeared meanwhile: nothing is replaced
  } finally {
    await fsp.unlink(temp).catch(() => undefined);
  }
}

/** Opens a regular file `name` in `dir` without following a symlink (FOLLOW when it is one). */
export async function openFileAt(dir: FileHandle, name: string): Promise<FileHandle | typeof FOLLOW> {
  let file: FileHandle;
  try {
    file = await fsp.open(procPath(dir, name), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if (isErrnoError(error) && error.code === 'ELOOP') return FOLLOW;
    throw error;
  }
  const stat = await file.stat();
  if (stat.isFile()) return file;
  await file.close();
  throw errnoError(stat.isDirectory() ? 'EISDIR' : 'EINVAL');
}

const isTemp = (name: string): boolean => /^\.~bullpen-.*\.tmp$/.test(name);

function missingIsUndefined(error: unknown): undefined {
  if (isErrnoError(error) && error.code === 'ENOENT') return undefined;
  throw error;
}
