import { randomUUID } from 'node:crypto';
import { type Stats, constants, promises as fsp, realpathSync, statSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { posix } from 'node:path';
import { type Result, err, ok } from '../../../base/result';
import { normalizeWorkspacePath } from '../../../domain/fs/workspace-path';
import { ConfinedResolver, FOLLOW, type Location, type Visit, openDirectoryAt, procPath } from './confined-resolver';
import { type FsFailure, errnoError, failureFromError, invalidPathFailure, isErrnoError } from './fs-failure';
import type { EntryType as PortEntryType, FileBytes, FileContent, FileStat, ReadLimits, WriteOptions } from '../../application/ports/workspace-files.port';
import { type CopySource, copyTo, openCopySource, openFileAt } from './confined-copy';
import { mkdirAt, removeAt, renameAt, statAt } from './confined-mutations';

export type { FsFailure } from './fs-failure';

/** What a read finds (the port's FileContent). */
export type ReadOutcome = FileContent;
export type { ReadLimits };
/** An entry's type; undefined (absent) is the Result's other case. */
export type EntryType = Exclude<PortEntryType, undefined>;

export interface DirectoryEntry {
  name: string;
  /** What the entry is, or for an in-workspace symlink what it points to; other symlinks are 'file'. */
  type: 'file' | 'directory';
  isSymlink: boolean;
}

const TEMP_NAME = /^\.~bullpen-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/;

/** Whether a directory entry is one of writeFile's temporary files (watchers and scanners hide them). */
export function isBullpenTempName(name: string): boolean {
  return TEMP_NAME.test(name);
}

const CHUNK_BYTES = 64 * 1024;
const NEW_FILE_MODE = 0o644;

/**
 * File access confined to one workspace directory (Linux). Every operation resolves its path once,
 * from a handle of the root, and works on what it resolved, so swapping a checked file for a
 * symlink cannot lead it outside. Symlinks are followed while they stay inside the workspace.
 * Expected failures (missing file, permission, escape, loops) are values, never exceptions.
 */
export class ConfinedFs {
  /** The root with every symlink resolved: absolute symlink targets must lie below it. */
  readonly realRoot: string;
  private readonly resolver: ConfinedResolver;

  constructor(rootDir: string) {
    this.realRoot = realpathSync(rootDir);
    if (!statSync(this.realRoot).isDirectory()) throw new Error(`Workspace root is not a directory: ${rootDir}`);
    this.resolver = new ConfinedResolver(this.realRoot);
  }

  /** Reads a file as text (valid UTF-8 without NUL) or binary, or reports it too large without holding it in memory. */
  read(path: string, limits: ReadLimits): Promise<Result<ReadOutcome, FsFailure>> {
    return this.run(path, 'open', (clean) => this.resolver.resolve(clean, (at) => readAt(at, limits)));
  }

  /**
   * Writes atomically: a new temporary file in the target's directory, fsynced, given the old
   * file's mode (0o644 for a new file), renamed over the target, then the directory fsynced.
   * Through a symlink inside the workspace it writes the link's target. On failure the target is unchanged.
   */
  writeFile(path: string, data: string | Uint8Array, options: WriteOptions = {}): Promise<Result<void, FsFailure>> {
    const create = options.create ?? true;
    const overwrite = options.overwrite ?? true;
    return this.run(path, 'open', (clean) => this.resolver.resolve(clean, (at) => writeAt(at, data, create, overwrite)));
  }

  /** Raw bytes of a file; 'too-large' (nothing read) above `maxBytes`. */
  readBytes(path: string, maxBytes: number): Promise<Result<FileBytes, FsFailure>> {
    return this.run(path, 'open', (clean) => this.resolver.resolve(clean, (at) => readBytesAt(at, maxBytes)));
  }

  /** A final symlink inside the workspace reports its target; one that leaves it (or dangles, or loops) the link itself. */
  stat(path: string): Promise<Result<FileStat, FsFailure>> {
    return this.run(path, 'stat', async (clean) => {
      const own = await this.resolver.resolve(clean, (at) => statAt(at, false));
      if (!own.isSymbolicLink()) return fileStat(own, false);
      try {
        return fileStat(await this.resolver.resolve(clean, (at) => statAt(at, true)), true);
      } catch (error) {
        if (isErrnoError(error)) return fileStat(own, true);
        throw error;
      }
    });
  }

  mkdir(path: string, recursive: boolean): Promise<Result<void, FsFailure>> {
    return this.run(path, 'mkdir', async (clean) => {
      if (!recursive) return this.resolver.resolve(clean, (at) => mkdirAt(at, false));
      const segments = clean.split('/').filter((s) => s !== '');
      // One component at a time, each resolved from the root: a symlink swapped in between is still confined.
      for (let end = 1; end <= segments.length; end++) {
        try {
          await this.resolver.resolve(segments.slice(0, end).join('/'), (at) => mkdirAt(at, true));
        } catch (error) {
          // A file where a parent directory should be: like mkdir -p, ENOTDIR.
          if (end < segments.length && isErrnoError(error) && error.code === 'EEXIST') throw errnoError('ENOTDIR');
          throw error;
        }
      }
    });
  }

  remove(path: string, recursive: boolean): Promise<Result<void, FsFailure>> {
    return this.run(path, 'rm', (clean) => this.resolver.resolve(clean, (at) => removeAt(at, recursive)));
  }

  rename(from: string, to: string, overwrite: boolean): Promise<Result<void, FsFailure>> {
    return this.runTwo(from, to, 'rename', (source, target) =>
      this.resolver.resolve(source, (a) => this.resolver.resolve(target, (b) => renameAt(a, b, overwrite))),
    );
  }

  copy(from: string, to: string, options: { recursive: boolean; overwrite: boolean }): Promise<Result<void, FsFailure>> {
    return this.runTwo(from, to, 'copyfile', async (source, target) => {
      const opened: CopySource = await this.resolver.resolve(source, (at) => openCopySource(at, options.recursive));
      try {
        // A directory cannot be copied into itself (like cp); through symlinks, copyTo's inode guard stops it.
        if (opened.kind === 'directory' && (source === '' || target === source || target.startsWith(`${source}/`))) throw errnoError('EINVAL');
        await this.resolver.resolve(target, (at) => copyTo(opened, at, options.overwrite));
      } finally {
        await opened.handle.close();
      }
    });
  }

  /** Opens a regular file for reading (the caller closes it). */
  openRead(path: string): Promise<Result<{ handle: FileHandle; size: number; mtimeMs: number }, FsFailure>> {
    return this.run(path, 'open', (clean) =>
      this.resolver.resolve(clean, async (at) => {
        if (at.name === '') throw errnoError('EISDIR');
        const handle = await openFileAt(at.dir, at.name);
        if (handle === FOLLOW) return FOLLOW;
        const stat = await handle.stat();
        return { handle, size: stat.size, mtimeMs: stat.mtimeMs };
      }),
    );
  }

  /** The type of one entry (a final symlink reports its in-workspace target); undefined when it does not exist. */
  entryType(path: string): Promise<Result<EntryType | undefined, FsFailure>> {
    return this.run(path, 'lstat', async (clean) => {
      let entry: Stats | undefined;
      try {
        entry = await this.resolver.resolve(clean, lstatAt);
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      if (entry === undefined) return undefined;
      return entry.isSymbolicLink() ? this.symlinkType(clean) : typeOf(entry);
    });
  }

  readdir(path: string): Promise<Result<DirectoryEntry[], FsFailure>> {
    return this.run(path, 'scandir', (clean) =>
      this.resolver.resolve(clean, (at) => withDirectoryAt(at, (dir, dirPath) => this.list(dir, dirPath))),
    );
  }

  /** Absolute real path of a directory inside the workspace (for a shell's cwd). */
  realDirectory(path: string): Promise<Result<string, FsFailure>> {
    return this.run(path, 'open', (clean) =>
      this.resolver.resolve(clean, (at) => withDirectoryAt(at, async (_dir, dirPath) => posix.join(this.realRoot, dirPath))),
    );
  }

  /** Like run, for calls with two paths; a failure names the source path. */
  private async runTwo<T>(from: string, to: string, syscall: string, body: (from: string, to: string) => Promise<T>): Promise<Result<T, FsFailure>> {
    const target = normalizeWorkspacePath(to);
    if (!target.ok) return err(invalidPathFailure());
    return this.run(from, syscall, (source) => body(source, target.value));
  }

  private async run<T>(path: string, syscall: string, body: (clean: string) => Promise<T>): Promise<Result<T, FsFailure>> {
    const clean = normalizeWorkspacePath(path);
    if (!clean.ok) return err(invalidPathFailure());
    try {
      return ok(await body(clean.value));
    } catch (error) {
      return err(failureFromError(error, clean.value, syscall));
    }
  }

  /** What the symlink at `path` points to, following further links; 'symlink-outside' when it leaves the workspace, dangles or loops. */
  private async symlinkType(path: string): Promise<EntryType> {
    try {
      const target = await this.resolver.resolve(path, followingLstatAt);
      return target === undefined ? 'symlink-outside' : typeOf(target);
    } catch (error) {
      if (isErrnoError(error)) return 'symlink-outside';
      throw error;
    }
  }

  private async list(dir: FileHandle, dirPath: string): Promise<DirectoryEntry[]> {
    const entries: DirectoryEntry[] = [];
    for (const dirent of await fsp.readdir(procPath(dir), { withFileTypes: true })) {
      const { name } = dirent;
      if (dirent.isDirectory()) entries.push({ name, type: 'directory', isSymlink: false });
      else if (!dirent.isSymbolicLink()) entries.push({ name, type: 'file', isSymlink: false });
      else {
        const target = await this.symlinkType(dirPath === '' ? name : `${dirPath}/${name}`);
        entries.push({ name, type: target === 'directory' ? 'directory' : 'file', isSymlink: true });
      }
    }
    return entries;
  }
}

// ---- visitors: what each operation does at the resolved location ----

async function readAt(at: Location, limits: ReadLimits): Promise<Visit<ReadOutcome>> {
  if (at.name === '') throw errnoError('EISDIR');
  let file: FileHandle;
  try {
    // O_NONBLOCK: opening a FIFO must not block the thread pool (it is refused below).
    file = await fsp.open(procPath(at.dir, at.name), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if (isErrnoError(error) && error.code === 'ELOOP') return FOLLOW;
    throw error;
  }
  try {
    const stat = await file.stat();
    if (stat.isDirectory()) throw errnoError('EISDIR');
    if (!stat.isFile()) throw errnoError('EINVAL');
    return await readContent(file, stat.size, limits);
  } finally {
    await file.close();
  }
}

async function readBytesAt(at: Location, maxBytes: number): Promise<Visit<FileBytes>> {
  if (at.name === '') throw errnoError('EISDIR');
  const file = await openFileAt(at.dir, at.name);
  if (file === FOLLOW) return FOLLOW;
  try {
    const { size } = await file.stat();
    if (size > maxBytes) return { kind: 'too-large', size };
    const bytes = await readUpTo(file, size, maxBytes);
    return bytes === undefined ? { kind: 'too-large', size: Math.max(size, maxBytes + 1) } : { kind: 'bytes', bytes };
  } finally {
    await file.close();
  }
}

async function writeAt(at: Location, data: string | Uint8Array, create: boolean, overwrite: boolean): Promise<Visit<void>> {
  if (at.name === '') throw errnoError('EISDIR');
  const target = procPath(at.dir, at.name);
  const old = await fsp.lstat(target).catch(ignoreMissing);
  if (old?.isSymbolicLink()) return FOLLOW;
  if (old === undefined && !create) throw errnoError('ENOENT');
  if (old !== undefined && !overwrite) throw errnoError('EEXIST');
  // A directory target is refused by rename (EISDIR), also when one appears meanwhile.
  const temp = procPath(at.dir, `.~bullpen-${randomUUID()}.tmp`);
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
  let renamed = false;
  const file = await fsp.open(temp, flags, 0o600);
  try {
    try {
      await file.writeFile(data);
      // Keep the owner where we may (running as root); chown before chmod, which it could clear.
      if (old !== undefined) await file.chown(old.uid, old.gid).catch(ignoreErrno);
      await file.chmod(old === undefined ? NEW_FILE_MODE : old.mode & 0o7777);
      await file.sync();
    } finally {
      await file.close();
    }
    if (overwrite) {
      await fsp.rename(temp, target);
      renamed = true;
    } else {
      await fsp.link(temp, target); // EEXIST when something appeared meanwhile: nothing is replaced
    }
  } finally {
    if (!renamed) await fsp.unlink(temp).catch(ignoreErrno);
  }
  await at.dir.sync();
}

/** lstat of the final component itself; undefined when it does not exist. */
async function lstatAt(at: Location): Promise<Stats | undefined> {
  if (at.name === '') return at.dir.stat();
  return fsp.lstat(procPath(at.dir, at.name)).catch(ignoreMissing);
}

async function followingLstatAt(at: Location): Promise<Visit<Stats | undefined>> {
  const stat = await lstatAt(at);
  return stat?.isSymbolicLink() ? FOLLOW : stat;
}

/** Runs `body` on the directory at `at` (following a final symlink), ENOTDIR when it is not one. */
async function withDirectoryAt<T>(at: Location, body: (dir: FileHandle, dirPath: string) => Promise<T>): Promise<Visit<T>> {
  if (at.name === '') return body(at.dir, at.dirPath);
  const dir = await openDirectoryAt(at.dir, at.name);
  if (dir === FOLLOW) return FOLLOW;
  try {
    return await body(dir, at.dirPath === '' ? at.name : `${at.dirPath}/${at.name}`);
  } finally {
    await dir.close();
  }
}

// ---- content ----

async function readContent(file: FileHandle, size: number, limits: ReadLimits): Promise<ReadOutcome> {
  if (size > limits.maxBinaryBytes || size > 3 * limits.maxTextCharacters) {
    // Too large unless it is a binary within the byte limit: find out by streaming, without holding it.
    const scan = await scanFile(file, size);
    const tooLong = !scan.isBinary && (scan.characters ?? 0) > limits.maxTextCharacters;
    if (scan.bytes > limits.maxBinaryBytes || tooLong) return tooLarge(scan);
  }
  const bytes = await readUpTo(file, size, limits.maxBinaryBytes);
  if (bytes === undefined) return tooLarge(await scanFile(file, size));
  if (bytes.includes(0)) return { kind: 'binary', bytes };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { kind: 'binary', bytes };
  }
  if (text.length > limits.maxTextCharacters) return tooLarge({ isBinary: false, characters: text.length, bytes: bytes.length });
  return { kind: 'text', text };
}

function tooLarge(scan: { isBinary: boolean; characters?: number; bytes: number }): ReadOutcome {
  return { kind: 'too-large', ...scan };
}

/** The whole file when it holds at most `cap` bytes (it may have changed size since fstat); undefined when more. */
async function readUpTo(file: FileHandle, size: number, cap: number): Promise<Uint8Array | undefined> {
  const first = new Uint8Array(size);
  let total = 0;
  while (total < size) {
    const { bytesRead } = await file.read(first, total, size - total, total);
    if (bytesRead === 0) return first.slice(0, total);
    total += bytesRead;
  }
  const more: Uint8Array[] = [];
  for (;;) {
    const chunk = new Uint8Array(CHUNK_BYTES);
    const { bytesRead } = await file.read(chunk, 0, CHUNK_BYTES, total);
    if (bytesRead === 0) break;
    total += bytesRead;
    if (total > cap) return undefined;
    more.push(chunk.subarray(0, bytesRead));
  }
  if (more.length === 0) return first;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const part of [first, ...more]) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

/** Classifies a file too large to hold by streaming it: binary at the first NUL or invalid UTF-8, else its UTF-16 length. */
async function scanFile(file: FileHandle, size: number): Promise<{ isBinary: boolean; characters?: number; bytes: number }> {
  const scan = new TextScan();
  const chunk = new Uint8Array(CHUNK_BYTES);
  let total = 0;
  for (;;) {
    const { bytesRead } = await file.read(chunk, 0, CHUNK_BYTES, total);
    if (bytesRead === 0) break;
    total += bytesRead;
    if (!scan.push(chunk.subarray(0, bytesRead))) return { isBinary: true, bytes: Math.max(size, total) };
  }
  return scan.finish() ? { isBinary: false, characters: scan.units, bytes: total } : { isBinary: true, bytes: total };
}

/** Streaming text detection: valid UTF-8 and no NUL byte; counts UTF-16 code units meanwhile. */
class TextScan {
  units = 0;
  private binary = false;
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });

  /** Feeds the next bytes; false once the content is known to be binary. */
  push(chunk: Uint8Array): boolean {
    if (this.binary) return false;
    if (chunk.includes(0)) this.binary = true;
    else this.decode(chunk, true);
    return !this.binary;
  }

  /** Ends the input; true when it was all text. */
  finish(): boolean {
    if (!this.binary) this.decode(new Uint8Array(0), false);
    return !this.binary;
  }

  private decode(chunk: Uint8Array, stream: boolean): void {
    try {
      this.units += this.decoder.decode(chunk, { stream }).length;
    } catch {
      this.binary = true;
    }
  }
}

// ---- helpers ----

function fileStat(stat: Stats, isSymlink: boolean): FileStat {
  return { type: typeOf(stat), isSymlink, size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, atimeMs: stat.atimeMs };
}

function typeOf(stat: Stats): 'file' | 'directory' {
  return stat.isDirectory() ? 'directory' : 'file';
}

function isMissing(error: unknown): boolean {
  return isErrnoError(error) && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}

function ignoreMissing(error: unknown): undefined {
  if (isErrnoError(error) && error.code === 'ENOENT') return undefined;
  throw error;
}

function ignoreErrno(error: unknown): undefined {
  if (isErrnoError(error)) return undefined;
  throw error;
}
