import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import * as path from 'node:path';
import {
  DocumentJournal,
  JournalEntry,
  JournalSeq,
  JournalSnapshot,
  JournalState,
} from '../../application/ports/document-journal.port';

type Line =
  | { t: 'snap'; text: string | null; rev: number; saved: string; seqs: JournalSeq[] }
  | { t: 'op'; rev: number; op: Array<number | string>; c?: string; s?: number }
  | { t: 'saved'; rev: number; saved: string };

/**
 * One JSON-lines file per document: a snapshot line, then one line per operation or save. Appends are synchronous
 * writes (with the OS before the acknowledgement is sent; no fsync per keystroke). A snapshot is written to a
 * uniquely named temporary file, fsynced and renamed over the journal, so a crash leaves the old or the new journal,
 * never a mix. A torn last line is ignored on read.
 */
export class FileDocumentJournal implements DocumentJournal {
  private readonly fds = new Map<string, number>();

  constructor(private readonly dir: string) {}

  read(fileId: string): JournalState | undefined {
    const file = this.fileOf(fileId);
    if (!existsSync(file)) return undefined;
    let state: JournalState | undefined;
    for (const raw of readFileSync(file, 'utf8').split('\n')) {
      if (!raw) continue;
      let line: Line;
      try {
        line = JSON.parse(raw) as Line;
      } catch {
        break; // a torn write: nothing after it was acknowledged
      }
      if (line.t === 'snap') {
        state = { snapshot: { text: line.text, revision: line.rev, savedHash: line.saved, seqs: line.seqs ?? [] }, entries: [] };
      } else if (state && line.t === 'op' && Array.isArray(line.op)) {
        state.entries.push({ kind: 'operation', revision: line.rev, operation: line.op, clientId: line.c, seq: line.s });
      } else if (state && line.t === 'saved') {
        state.entries.push({ kind: 'saved', revision: line.rev, savedHash: line.saved });
      }
    }
    return state;
  }

  snapshot(fileId: string, snapshot: JournalSnapshot): void {
    this.close(fileId);
    mkdirSync(this.dir, { recursive: true });
    const target = this.fileOf(fileId);
    const temp = path.join(this.dir, `.${randomUUID()}.tmp`);
    const line: Line = { t: 'snap', text: snapshot.text, rev: snapshot.revision, saved: snapshot.savedHash, seqs: snapshot.seqs };
    const fd = openSync(temp, 'wx');
    try {
      writeSync(fd, `${JSON.stringify(line)}\n`);
      fsyncSync(fd);
    } catch (error) {
      closeSync(fd);
      rmSync(temp, { force: true });
      throw error;
    }
    closeSync(fd);
    renameSync(temp, target);
  }

  append(fileId: string, entry: JournalEntry): number {
    let fd = this.fds.get(fileId);
    if (fd === undefined) {
      fd = openSync(this.fileOf(fileId), 'a');
      this.fds.set(fileId, fd);
    }
    const line: Line =
      entry.kind === 'operation'
        ? { t: 'op', rev: entry.revision, op: entry.operation, ...(entry.clientId ? { c: entry.clientId } : {}), ...(entry.seq !== undefined ? { s: entry.seq } : {}) }
        : { t: 'saved', rev: entry.revision, saved: entry.savedHash };
    const text = `${JSON.stringify(line)}\n`;
    return writeSync(fd, text);
  }

  close(fileId: string): void {
    const fd = this.fds.get(fileId);
    if (fd !== undefined) closeSync(fd);
    this.fds.delete(fileId);
  }

  remove(fileId: string): void {
    this.close(fileId);
    rmSync(this.fileOf(fileId), { force: true });
  }

  /** Open handles (for tests: documents that left memory hold none). */
  get openHandles(): number {
    return this.fds.size;
  }

  private fileOf(fileId: string): string {
    return path.join(this.dir, `${fileId.replace(/[^A-Za-z0-9_-]/g, '_')}.jsonl`);
  }
}
