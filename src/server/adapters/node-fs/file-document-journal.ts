import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import * as path from 'node:path';
import { JsonTextOperation } from '../../../domain/ot/text-operation';
import { DocumentJournal, JournalState } from '../../application/ports/document-journal.port';

/**
 * One append-only JSON-lines file per document with unsaved edits: a base record, then one
 * record per operation. Appends are synchronous writes, so the operation is with the OS before
 * the acknowledgement is sent; a torn last line (crash mid-write) is ignored on read.
 */
export class FileDocumentJournal implements DocumentJournal {
  private readonly fds = new Map<string, number>();

  constructor(private readonly dir: string) {}

  read(fileId: string): JournalState | undefined {
    const file = this.fileOf(fileId);
    if (!existsSync(file)) return undefined;
    const lines = readFileSync(file, 'utf8').split('\n');
    let state: JournalState | undefined;
    for (const line of lines) {
      if (!line) continue;
      let record: { base?: string; revision?: number; op?: JsonTextOperation };
      try {
        record = JSON.parse(line);
      } catch {
        break;
      }
      if (typeof record.base === 'string' && typeof record.revision === 'number') {
        state = { base: record.base, baseRevision: record.revision, operations: [] };
      } else if (state && Array.isArray(record.op) && typeof record.revision === 'number') {
        state.operations.push({ revision: record.revision, operation: record.op });
      }
    }
    return state;
  }

  begin(fileId: string, base: string, baseRevision: number): void {
    this.close(fileId);
    mkdirSync(this.dir, { recursive: true });
    const fd = openSync(this.fileOf(fileId), 'w');
    this.fds.set(fileId, fd);
    writeSync(fd, `${JSON.stringify({ base, revision: baseRevision })}\n`);
  }

  append(fileId: string, revision: number, operation: JsonTextOperation): void {
    let fd = this.fds.get(fileId);
    if (fd === undefined) {
      fd = openSync(this.fileOf(fileId), 'a');
      this.fds.set(fileId, fd);
    }
    writeSync(fd, `${JSON.stringify({ revision, op: operation })}\n`);
  }

  clear(fileId: string): void {
    this.close(fileId);
    rmSync(this.fileOf(fileId), { force: true });
  }

  private close(fileId: string): void {
    const fd = this.fds.get(fileId);
    if (fd !== undefined) closeSync(fd);
    this.fds.delete(fileId);
  }

  private fileOf(fileId: string): string {
    return path.join(this.dir, `${fileId.replace(/[^A-Za-z0-9_-]/g, '_')}.jsonl`);
  }
}
