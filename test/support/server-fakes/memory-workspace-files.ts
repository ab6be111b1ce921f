import { Result, err, ok } from '../../../src/base/result';
import { normalizeWorkspacePath } from '../../../src/domain/fs/workspace-path';
import {
  DiskEntry,
  FileBytes,
  FileContent,
  FileReader,
  FileStat,
  FsFailure,
  ReadLimits,
  WorkspaceFiles,
  WriteOptions,
} from '../../../src/server/application/ports/workspace-files.port';

const exists = (path: string): FsFailure => ({ errno: -17, code: 'EEXIST', message: `EEXIST: file already exists, open '${path}'` });
const missing = (path: string): FsFailure => ({ errno: -2, code: 'ENOENT', message: `ENOENT: no such file or directory, open '${path}'` });

/** WorkspaceFiles in memory (flat files, directories implied by paths), for tests without a disk. */
export class MemoryWorkspaceFiles implements WorkspaceFiles {
  readonly rootDir = '/memory';
  readonly files = new Map<string, string>();
  /** Every completed write, in order. */
  readonly writes: Array<{ path: string; text: string }> = [];

  constructor(initial: Record<string, string> = {}) {
    for (const [path, text] of Object.entries(initial)) this.files.set(path, text);
  }

  isHidden(name: string): boolean {
    return name === '.git';
  }

  async scan(start = ''): Promise<DiskEntry[]> {
    const prefix = start ? `${start}/` : '';
    const directories = new Set<string>();
    const out: DiskEntry[] = [];
    for (const path of [...this.files.keys()].sort()) {
      if (!path.startsWith(prefix)) continue;
      const parts = path.split('/');
      for (let i = 1; i < parts.length; i++) {
        const dir = parts.slice(0, i).join('/');
        if (dir.length > start.length && !directories.has(dir)) {
          directories.add(dir);
          out.push({ path: dir, type: 'directory' });
        }
      }
      out.push({ path, type: 'file' });
    }
    return out;
  }

  async read(path: string, limits: ReadLimits): Promise<Result<FileContent, FsFailure>> {
    const clean = normalizeWorkspacePath(path);
    const text = clean.ok ? this.files.get(clean.value) : undefined;
    if (text === undefined) return err(missing(path));
    if (text.length > limits.maxTextCharacters) return ok({ kind: 'too-large', isBinary: false, characters: text.length, bytes: text.length });
    return ok({ kind: 'text', text });
  }

  async writeText(path: string, text: string): Promise<Result<void, FsFailure>> {
    this.files.set(path, text);
    this.writes.push({ path, text });
    return ok(undefined);
  }

  async readdir(path: string): Promise<Result<Array<{ name: string; type: 'file' | 'directory'; isSymlink: boolean }>, FsFailure>> {
    const entries = await this.scan(path);
    const depth = path ? path.split('/').length + 1 : 1;
    return ok(
      entries
        .filter((e) => e.path.split('/').length === depth)
        .map((e) => ({ name: e.path.slice(e.path.lastIndexOf('/') + 1), type: e.type, isSymlink: false })),
    );
  }

  async readBytes(path: string, maxBytes: number): Promise<Result<FileBytes, FsFailure>> {
    const text = this.files.get(clean(path));
    if (text === undefined) return err(missing(path));
    const bytes = new TextEncoder().encode(text);
    return ok(bytes.length > maxBytes ? { kind: 'too-large', size: bytes.length } : { kind: 'bytes', bytes });
  }

  async writeBytes(path: string, data: Uint8Array, options: WriteOptions = {}): Promise<Result<void, FsFailure>> {
    const known = this.files.has(clean(path));
    if (!known && options.create === false) return err(missing(path));
    if (known && options.overwrite === false) return err(exists(path));
    return this.writeText(clean(path), new TextDecoder().decode(data));
  }

  async stat(path: string): Promise<Result<FileStat, FsFailure>> {
    const key = clean(path);
    const text = this.files.get(key);
    const isDirectory = text === undefined && (key === '' || [...this.files.keys()].some((p) => p.startsWith(`${key}/`)));
    if (text === undefined && !isDirectory) return err(missing(path));
    return ok({ type: isDirectory ? 'directory' : 'file', isSymlink: false, size: text?.length ?? 0, mtimeMs: 0, ctimeMs: 0, atimeMs: 0 });
  }

  /** Directories are implied by the files inside them: creating an empty one is a no-op here. */
  async mkdir(): Promise<Result<void, FsFailure>> {
    return ok(undefined);
  }

  async remove(path: string): Promise<Result<void, FsFailure>> {
    const key = clean(path);
    for (const p of [...this.files.keys()]) if (p === key || p.startsWith(`${key}/`)) this.files.delete(p);
    return ok(undefined);
  }

  async rename(from: string, to: string): Promise<Result<void, FsFailure>> {
    const [source, target] = [clean(from), clean(to)];
    for (const [p, text] of [...this.files]) {
      if (p !== source && !p.startsWith(`${source}/`)) continue;
      this.files.delete(p);
      this.files.set(target + p.slice(source.length), text);
    }
    return ok(undefined);
  }

  async copy(from: string, to: string): Promise<Result<void, FsFailure>> {
    const [source, target] = [clean(from), clean(to)];
    for (const [p, text] of [...this.files]) if (p === source || p.startsWith(`${source}/`)) this.files.set(target + p.slice(source.length), text);
    return ok(undefined);
  }

  async openRead(path: string): Promise<Result<FileReader, FsFailure>> {
    const text = this.files.get(clean(path));
    if (text === undefined) return err(missing(path));
    const bytes = new TextEncoder().encode(text);
    return ok({ size: bytes.length, mtimeMs: 0, chunks: async function* () { yield bytes; }, close: async () => undefined });
  }

  async realDirectory(path: string): Promise<Result<string, FsFailure>> {
    return ok(`${this.rootDir}/${path}`);
  }
}

const clean = (path: string): string => {
  const normalized = normalizeWorkspacePath(path);
  return normalized.ok ? normalized.value : path;
};
