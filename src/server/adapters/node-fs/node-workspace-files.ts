import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { normalizeWorkspacePath } from '../../../domain/fs/workspace-path';
import { DiskEntry, FileContent, PathOutsideWorkspaceError, WorkspaceFiles } from '../../application/ports/workspace-files.port';

/** Directories shown but never descended into (they can hold tens of thousands of files). */
const NOT_DESCENDED = new Set(['node_modules']);
const HIDDEN = new Set(['.git']);

/** WorkspaceFiles on the local disk, confined to one root directory. */
export class NodeWorkspaceFiles implements WorkspaceFiles {
  constructor(readonly rootDir: string) {}

  async scan(): Promise<DiskEntry[]> {
    const out: DiskEntry[] = [];
    const walk = async (rel: string): Promise<void> => {
      let entries;
      try {
        entries = await fsp.readdir(path.join(this.rootDir, rel), { withFileTypes: true });
      } catch {
        return;
      }
      entries.sort((a, b) => a.name.localeCompare(b.name));
      for (const entry of entries) {
        if (HIDDEN.has(entry.name)) continue;
        const child = rel ? `${rel}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          out.push({ path: child, type: 'directory' });
          if (!NOT_DESCENDED.has(entry.name)) await walk(child);
        } else if (entry.isFile() || entry.isSymbolicLink()) {
          out.push({ path: child, type: 'file' });
        }
      }
    };
    await walk('');
    return out;
  }

  async read(relPath: string): Promise<FileContent> {
    const bytes = await fsp.readFile(await this.resolve(relPath));
    return decodeContent(bytes);
  }

  async writeText(relPath: string, text: string): Promise<void> {
    const target = await this.resolve(relPath);
    const temp = path.join(path.dirname(target), `.${path.basename(target)}.bullpen-${process.pid}-${Date.now()}.tmp`);
    const handle = await fsp.open(temp, 'w');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    const mode = await fsp.stat(target).then((s) => s.mode, () => undefined);
    if (mode !== undefined) await fsp.chmod(temp, mode & 0o7777);
    await fsp.rename(temp, target);
  }

  async resolve(relPath: string): Promise<string> {
    const normalized = normalizeWorkspacePath(relPath);
    if (!normalized.ok) throw new PathOutsideWorkspaceError(relPath);
    const root = await fsp.realpath(this.rootDir);
    const absolute = path.join(root, normalized.value);
    // The deepest existing ancestor must still lie inside the root once symlinks are resolved.
    let existing = absolute;
    for (;;) {
      const real = await fsp.realpath(existing).catch(() => undefined);
      if (real !== undefined) {
        if (real !== root && !real.startsWith(root + path.sep)) throw new PathOutsideWorkspaceError(relPath);
        break;
      }
      const parent = path.dirname(existing);
      if (parent === existing) throw new PathOutsideWorkspaceError(relPath);
      existing = parent;
    }
    return absolute;
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Text when it is valid UTF-8 without NUL bytes; binary otherwise. */
export function decodeContent(bytes: Uint8Array): FileContent {
  if (bytes.subarray(0, 8192).includes(0)) return { kind: 'binary', bytes };
  try {
    return { kind: 'text', text: utf8.decode(bytes) };
  } catch {
    return { kind: 'binary', bytes };
  }
}
