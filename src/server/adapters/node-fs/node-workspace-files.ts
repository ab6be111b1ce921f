import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { Result } from '../../../base/result';
import { isListedOnDemand } from '../../../domain/fs/listing-rules';
import { normalizeWorkspacePath } from '../../../domain/fs/workspace-path';
import {
  DiskEntry,
  FileContent,
  FsFailure,
  ReadLimits,
  WorkspaceFiles,
} from '../../application/ports/workspace-files.port';
import { ConfinedFs, isBullpenTempName } from './confined-fs';

const HIDDEN = new Set(['.git']);

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
    const walk = async (rel: string): Promise<void> => {
      let entries;
      try {
        entries = await fsp.readdir(path.join(root, rel), { withFileTypes: true });
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

  readdir(relPath: string): Promise<Result<Array<{ name: string; type: 'file' | 'directory'; isSymlink: boolean }>, FsFailure>> {
    return this.confined.readdir(relPath);
  }

  realDirectory(relPath: string): Promise<Result<string, FsFailure>> {
    return this.confined.realDirectory(relPath);
  }
}
