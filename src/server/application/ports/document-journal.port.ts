import { JsonTextOperation } from '../../../domain/ot/text-operation';

/**
 * The write-ahead journal of unsaved document edits. Every acknowledged operation is appended
 * before its acknowledgement leaves the server, so a crash loses nothing a client was told was accepted.
 */
export const DocumentJournalFactory = Symbol('DocumentJournalFactory');
export type DocumentJournalFactory = (sandboxId: string) => DocumentJournal;

export interface JournalState {
  base: string;
  baseRevision: number;
  operations: Array<{ revision: number; operation: JsonTextOperation }>;
}

export interface DocumentJournal {
  /** The unsaved state of a file, if any edit since its last save was journalled. */
  read(fileId: string): JournalState | undefined;
  /** Starts a journal from a base text (called before the first unsaved edit). */
  begin(fileId: string, base: string, baseRevision: number): void;
  /** Appends one applied operation; returns once it is written to the OS. */
  append(fileId: string, revision: number, operation: JsonTextOperation): void;
  /** Drops the journal (the file on disk now holds the document). */
  clear(fileId: string): void;
}
