import { Result, err, ok } from '../../../src/base/result';
import { normalizeWorkspacePath } from '../../../src/domain/fs/workspace-path';
import {
  DiskEntry,
  FileContent,
  FsFailure,
  ReadLimits,
  WorkspaceFiles,
} from '../../../src/server/application/ports/workspace-files.port';

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

  async realDirectory(path: string): Promise<Result<string, FsFailure>> {
    return ok(`${this.rootDir}/${path}`);
  }
}
