import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { TreeIdStore } from '../../application/ports/tree-id-store.port';

/** Node ids of one workspace as a JSON map, replaced atomically on every change. */
export class JsonTreeIdStore implements TreeIdStore {
  constructor(private readonly file: string) {}

  async load(): Promise<Map<string, string>> {
    try {
      const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, unknown>;
      return new Map(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
    } catch {
      return new Map();
    }
  }

  save(ids: ReadonlyMap<string, string>): void {
    mkdirSync(path.dirname(this.file), { recursive: true });
    const temp = `${this.file}.tmp`;
    writeFileSync(temp, JSON.stringify(Object.fromEntries(ids)));
    renameSync(temp, this.file);
  }
}
