import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { Result, ok } from '../../../base/result';
import { isListedOnDemand } from '../../../domain/fs/listing-rules';
import { normalizeWorkspacePath } from '../../../domain/fs/workspace-path';
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
} from '../../application/ports/workspace-files.port';
import { ConfinedFs, isBullpenTempName } from './confined-fs';

const HIDDEN = new Set(['.git']);
const CHUNK_BYTES = 256 * 1024;

/**
 * WorkspaceFiles on the local disk. Reads, writes and listings go through ConfinedFs (resolved once, confined to the
 * root); a scan walks real directories only (symlinks are listed as files and never followed).
 */
export class NodeWorkspaceFiles implements WorkspaceFiles {
  private readonly confined: ConfinedFs;

  constructor(readonly rootDir: string) {
    this.confined = new ConfinedFs(rootDir);
  }

  isHidden(name: string): boolean {
    return HIDDEN.has(name) || isBullpenTempName(name);
  }

  async scan(start = ''): Promise<DiskEntry[]> {
    const normalized = normalizeWorkspacePath(start);
    if (!normalized.ok) return [];
    const out: DiskEntry[] = [];
    const root = this.confined.realRoot;
    // The start is resolved confined (a symlink to a directory inside is followed, one leaving the workspace is
    // not); below it the walk never follows symlinks. Paths are reported under the start as given.
    let realStart = '';
    if (normalized.value !== '') {
      const real = await this.confined.realDirectory(normalized.value);
      if (!real.ok) return [];
      realStart = path.relative(root, real.value);
    }
    const walk = async (rel: string): Promise<void> => {
      let entries;
      try {
        const real = realStart === '' ? rel : rel === normalized.value ? realStart : `${realStart}/${rel.slice(normalized.value.length + 1)}`;
        entries = await fsp.readdir(path.join(root, real), { withFileTypes: true });
      } catch {
        return;
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const directories: string[] = [];
      for (const entry of entries) {
        if (this.isHidden(entry.name)) continue;
        const child = rel ? `${rel}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          out.push({ path: child, type: 'directory' });
          if (!isListedOnDemand(entry.name)) directories.push(child);
        } else if (entry.isFile() || entry.isSymbolicLink()) {
          out.push({ path: child, type: 'file' });
        }
      }
      for (const directory of directories) await walk(directory);
    };
    await walk(normalized.value);
    return out;
  }

  read(relPath: string, limits: ReadLimits): Promise<Result<FileContent, FsFailure>> {
    return this.confined.read(relPath, limits);
  }

  writeText(relPath: string, text: string): Promise<Result<void, FsFailure>> {
    return this.confined.writeFile(relPath, text);
  }

  readBytes(relPath: string, maxBytes: number): Promise<Result<FileBytes, FsFailure>> {
    return this.confined.readBytes(relPath, maxBytes);
  }

  writeBytes(relPath: string, data: Uint8Array, options: WriteOptions = {}): Promise<Result<void, FsFailure>> {
    return this.confined.writeFile(relPath, data, options);
  }

  stat(relPath: string): Promise<Result<FileStat, FsFailure>> {
    return this.confined.stat(relPath);
  }

  mkdir(relPath: string, options: { recursive?: boolean } = {}): Promise<Result<void, FsFailure>> {
    return this.confined.mkdir(relPath, options.recursive ?? false);
  }

  remove(relPath: string, options: { recursive?: boolean } = {}): Promise<Result<void, FsFailure>> {
    return this.confined.remove(relPath, options.recursive ?? false);
  }

  rename(from: string, to: string, options: { overwrite?: boolean } = {}): Promise<Result<void, FsFailure>> {
    return this.confined.rename(from, to, options.overwrite ?? false);
  }

  copy(from: string, to: string, options: { recursive?: boolean; overwrite?: boolean } = {}): Promise<Result<void, FsFailure>> {
    return this.confined.copy(from, to, { recursive: options.recursive ?? false, overwrite: options.overwrite ?? false });
  }

  async openRead(relPath: string): Promise<Result<FileReader, FsFailure>> {
    const opened = await this.confined.openRead(relPath);
    if (!opened.ok) return opened;
    const { handle, size, mtimeMs } = opened.value;
    let closed = false;
    const close = async () => {
      if (closed) return;
      closed = true;
      await handle.close();
    };
    async function* chunks(): AsyncIterable<Uint8Array> {
      let position = 0;
      try {
        for (;;) {
          const buffer = new Uint8Array(CHUNK_BYTES);
          const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, position);
          if (bytesRead === 0) return;
          position += bytesRead;
          yield buffer.subarray(0, bytesRead);
        }
      } finally {
        await close();
      }
    }
    return ok({ size, mtimeMs, chunks, close });
  }

  readdir(relPath: string): Promise<Result<Array<{ name: string; type: 'file' | 'directory'; isSymlink: boolean }>, FsFailure>> {
    return this.confined.readdir(relPath);
  }

  realDirectory(relPath: string): Promise<Result<string, FsFailure>> {
    return this.confined.realDirectory(relPath);
  }
}
