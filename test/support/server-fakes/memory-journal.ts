import { DocumentJournal, JournalEntry, JournalSnapshot, JournalState } from '../../../src/server/application/ports/document-journal.port';

/** A DocumentJournal in memory: what a restarted server would read back is exactly what was written. */
export class MemoryJournal implements DocumentJournal {
  readonly states = new Map<string, JournalState>();

  read(fileId: string): JournalState | undefined {
    const state = this.states.get(fileId);
    return state && { snapshot: { ...state.snapshot, seqs: [...state.snapshot.seqs] }, entries: [...state.entries] };
  }

  snapshot(fileId: string, snapshot: JournalSnapshot): void {
    this.states.set(fileId, { snapshot: { ...snapshot, seqs: [...snapshot.seqs] }, entries: [] });
  }

  append(fileId: string, entry: JournalEntry): number {
    const state = this.states.get(fileId);
    if (!state) throw new Error(`append before snapshot for ${fileId}`);
    state.entries.push(entry);
    return JSON.stringify(entry).length + 1;
  }

  close(): void {}

  remove(fileId: string): void {
    this.states.delete(fileId);
  }
}
