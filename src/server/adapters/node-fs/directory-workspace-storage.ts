import { existsSync, promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { WorkspaceStorage } from '../../application/ports/workspace-storage.port';

/** Workspaces as directories under <data>/sandboxes/<id>: files/ and home/. */
export class DirectoryWorkspaceStorage implements WorkspaceStorage {
  constructor(private readonly root: string) {}

  async create(id: string, files: Record<string, string | Uint8Array>): Promise<void> {
    const dir = path.join(this.root, id);
    const filesDir = path.join(dir, 'files');
    if (!existsSync(filesDir)) {
      for (const [relPath, content] of Object.entries(files)) {
        const target = path.join(filesDir, relPath);
        await fsp.mkdir(path.dirname(target), { recursive: true });
        await fsp.writeFile(target, content);
      }
    }
    await fsp.mkdir(filesDir, { recursive: true });
    await fsp.mkdir(path.join(dir, 'home'), { recursive: true });
  }

  filesDir(id: string): string {
    return path.join(this.root, id, 'files');
  }

  homeDir(id: string): string {
    return path.join(this.root, id, 'home');
  }
}
