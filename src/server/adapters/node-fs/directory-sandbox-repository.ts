import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { SandboxRecord, SandboxRepository } from '../../application/ports/sandbox-repository.port';

/**
 * Sandboxes as directories under <data>/sandboxes/<id>: sandbox.json beside files/.
 * The platform database replaces this binding when the platform API lands (ADR 0005).
 */
export class DirectorySandboxRepository implements SandboxRepository {
  constructor(private readonly root: string) {}

  async list(): Promise<SandboxRecord[]> {
    const names = await fsp.readdir(this.root).catch(() => [] as string[]);
    const records = await Promise.all(names.map((name) => this.get(name)));
    return records
      .filter((r): r is SandboxRecord => r !== undefined)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async get(id: string): Promise<SandboxRecord | undefined> {
    if (!/^[a-z0-9-]{1,64}$/.test(id)) return undefined;
    try {
      return JSON.parse(await fsp.readFile(path.join(this.root, id, 'sandbox.json'), 'utf8')) as SandboxRecord;
    } catch {
      return undefined;
    }
  }

  async create(record: SandboxRecord, files: Record<string, string | Uint8Array>): Promise<void> {
    const dir = path.join(this.root, record.id);
    for (const [relPath, content] of Object.entries(files)) {
      const target = path.join(dir, 'files', relPath);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      await fsp.writeFile(target, content);
    }
    await fsp.mkdir(path.join(dir, 'files'), { recursive: true });
    await fsp.mkdir(path.join(dir, 'home'), { recursive: true });
    await fsp.writeFile(path.join(dir, 'sandbox.json'), JSON.stringify(record, null, 2));
  }

  async update(record: SandboxRecord): Promise<void> {
    const file = path.join(this.root, record.id, 'sandbox.json');
    const temp = `${file}.${process.pid}-${Math.random().toString(36).slice(2)}.tmp`;
    await fsp.writeFile(temp, JSON.stringify(record, null, 2));
    await fsp.rename(temp, file);
  }

  filesDir(id: string): string {
    return path.join(this.root, id, 'files');
  }

  homeDir(id: string): string {
    return path.join(this.root, id, 'home');
  }
}
