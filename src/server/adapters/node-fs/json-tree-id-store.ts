import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { TreeIdChange, TreeIdStore } from '../../application/ports/tree-id-store.port';

/**
 * Node ids of one workspace as a JSON-lines log: `["set", path, id]` and `["remove", path]`, replayed in order.
 * Changes are appended (O(changes)); when the log holds more than twice as many lines as live ids it is rewritten
 * (temporary file and rename), so it stays O(tree) on disk. A torn last line is ignored.
 */
export class JsonTreeIdStore implements TreeIdStore {
  private lines = 0;
  private live = 0;

  constructor(private readonly file: string) {}

  async load(): Promise<Map<string, string>> {
    return this.readLog();
  }

  private readLog(): Map<string, string> {
    const ids = new Map<string, string>();
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return ids;
    }
    this.lines = 0;
    for (const raw of text.split('\n')) {
      if (!raw) continue;
      let line: unknown;
      try {
        line = JSON.parse(raw);
      } catch {
        break;
      }
      this.lines++;
      if (!Array.isArray(line)) continue;
      if (line[0] === 'set' && typeof line[1] === 'string' && typeof line[2] === 'string') ids.set(line[1], line[2]);
      else if (line[0] === 'remove' && typeof line[1] === 'string') ids.delete(line[1]);
    }
    this.live = ids.size;
    return ids;
  }

  record(changes: readonly TreeIdChange[]): void {
    if (changes.length === 0) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    let out = '';
    for (const change of changes) {
      out += `${JSON.stringify(change.kind === 'set' ? ['set', change.path, change.id] : ['remove', change.path])}\n`;
      this.live += change.kind === 'set' ? 1 : -1;
    }
    appendFileSync(this.file, out);
    this.lines += changes.length;
    if (this.lines > 2 * Math.max(this.live, 1000)) this.replace(this.readLog());
  }

  /** Rewrites the log as exactly these ids (compaction). */
  private replace(ids: ReadonlyMap<string, string>): void {
    mkdirSync(path.dirname(this.file), { recursive: true });
    const temp = `${this.file}.${randomUUID()}.tmp`;
    let out = '';
    for (const [p, id] of ids) out += `${JSON.stringify(['set', p, id])}\n`;
    writeFileSync(temp, out);
    renameSync(temp, this.file);
    this.lines = ids.size;
    this.live = ids.size;
  }
}
