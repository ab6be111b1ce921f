import { JsonTextOperation } from '../../../domain/ot/text-operation';

/**
 * The write-ahead journal of a document's edits: a snapshot plus a tail of operations. Every acknowledged operation
 * is appended before its acknowledgement leaves the server, so a crash loses nothing a client was told was accepted;
 * a new snapshot replaces snapshot and tail atomically, so the tail (and recovery) stays short.
 */
export const DocumentJournalFactory = Symbol('DocumentJournalFactory');
export type DocumentJournalFactory = (sandboxId: string) => DocumentJournal;

/** The last operation a client had applied (exactly-once across reconnects and restarts). */
export interface JournalSeq {
  clientId: string;
  seq: number;
  revision: number;
}

export interface JournalSnapshot {
  /** The document text at `revision`; null when it equals the file on disk whose hash is `savedHash`. */
  text: string | null;
  revision: number;
  /** Hash of the text last written to (or read from) disk. */
  savedHash: string;
  seqs: JournalSeq[];
}

export type JournalEntry =
  | { kind: 'operation'; revision: number; operation: JsonTextOperation; clientId?: string; seq?: number }
  | { kind: 'saved'; revision: number; savedHash: string };

export interface JournalState {
  snapshot: JournalSnapshot;
  entries: JournalEntry[];
}

export interface DocumentJournal {
  /** The journalled state of a file, if any. A torn last record (crash mid-write) is ignored. */
  read(fileId: string): JournalState | undefined;
  /** Atomically replaces the file's journal by one snapshot (written and renamed before it returns). */
  snapshot(fileId: string, snapshot: JournalSnapshot): void;
  /** Appends one record after the snapshot; returns once it is written to the OS, with the bytes written. */
  append(fileId: string, entry: JournalEntry): number;
  /** Releases the file's open handle (the document left memory); the journal stays. */
  close(fileId: string): void;
  /** Forgets the file's journal (the file was deleted). */
  remove(fileId: string): void;
}
