import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { BranchRecord, BranchRecordStore } from '../../application/ports/branch-record-store.port';

/** Branch records as <data>/sandboxes/<id>/branch.json, beside the sandbox's own record (replaced atomically). */
export class DirectoryBranchRecords implements BranchRecordStore {
  constructor(private readonly root: string) {}

  async get(id: string): Promise<BranchRecord | undefined> {
    if (!isRecordId(id)) return undefined;
    try {
      const stored = JSON.parse(await fsp.readFile(this.file(id), 'utf8')) as { name?: unknown };
      return typeof stored.name === 'string' ? { id, name: stored.name } : undefined;
    } catch {
      return undefined;
    }
  }

  async put(record: BranchRecord): Promise<void> {
    if (!isRecordId(record.id)) throw new Error(`Invalid branch id: ${record.id}`);
    const file = this.file(record.id);
    const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fsp.writeFile(temp, JSON.stringify({ name: record.name }, null, 2));
    await fsp.rename(temp, file);
  }

  private file(id: string): string {
    return path.join(this.root, id, 'branch.json');
  }
}

/** The sandbox id shape (DirectorySandboxRepository): never a path. */
const isRecordId = (id: string): boolean => /^[a-z0-9-]{1,64}$/.test(id);
