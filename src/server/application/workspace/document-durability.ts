import { PreparedApply } from '../../../domain/ot/server-document';
import { DocumentJournal, JournalSeq, JournalSnapshot } from '../ports/document-journal.port';
import { OpenDocument } from './open-document';

/** A tail shorter than this is never compacted (snapshots of small files would dominate). */
export const MIN_COMPACTION_BYTES = 256 * 1024;

/**
 * Keeps each open document's journal: a snapshot before the first unsaved operation, one appended record per
 * operation before it is applied and acknowledged, and a new snapshot once the tail outgrows the text (so replay
 * after a crash costs O(tail) and a long unsaved session never makes a journal unbounded). Snapshot writes cost
 * O(text) but happen only after O(text) bytes of tail, so they are O(1) per operation byte amortised.
 */
export class DocumentDurability {
  constructor(private readonly journal: DocumentJournal) {}

  /** Makes a prepared operation durable; call `committed` after applying it. Throws when the journal cannot be written. */
  record(doc: OpenDocument, prepared: PreparedApply): void {
    if (doc.journal !== 'dirty') this.writeSnapshot(doc, doc.document.text);
    const origin = prepared.origin;
    doc.tailBytes += this.journal.append(doc.fileId, {
      kind: 'operation',
      revision: prepared.revision,
      operation: prepared.operation.toJSON(),
      ...(origin ? { clientId: origin.clientId } : {}),
      ...(origin?.seq !== undefined ? { seq: origin.seq } : {}),
    });
  }

  /** After an applied operation: compacts when the tail is longer than the text (and than the minimum). */
  committed(doc: OpenDocument): void {
    if (doc.tailBytes > MIN_COMPACTION_BYTES && doc.tailBytes > doc.document.length) this.writeSnapshot(doc, doc.document.text);
  }

  /**
   * The file on disk now has `doc.savedHash`. When it holds exactly the document's text the journal shrinks to a
   * snapshot that points at the file; otherwise the tail records the new saved hash.
   */
  saved(doc: OpenDocument, textIsOnDisk: boolean): void {
    if (textIsOnDisk) this.writeSnapshot(doc, null);
    else if (doc.journal === 'dirty') doc.tailBytes += this.journal.append(doc.fileId, { kind: 'saved', revision: doc.document.revision, savedHash: doc.savedHash });
  }

  /** `saved`, with a journal that cannot be written logged instead of thrown: the file on disk is right either way. */
  savedOrLog(doc: OpenDocument, textIsOnDisk: boolean, log: (message: string) => void): void {
    try {
      this.saved(doc, textIsOnDisk);
    } catch (error) {
      log(`could not record the save of ${doc.fileId} in its journal: ${(error as Error).message}`);
    }
  }

  /**
   * The document was closed for a change on disk it could not take: its journal goes (a later open starts from the
   * file on disk, never from edits that would be written over that change).
   */
  discard(doc: OpenDocument): void {
    this.journal.remove(doc.fileId);
    doc.journal = 'none';
    doc.tailBytes = 0;
  }

  /** The document left memory: its journal handle is released. */
  close(doc: OpenDocument): void {
    this.journal.close(doc.fileId);
  }

  private writeSnapshot(doc: OpenDocument, text: string | null): void {
    const snapshot: JournalSnapshot = { text, revision: doc.document.revision, savedHash: doc.savedHash, seqs: seqsOf(doc) };
    this.journal.snapshot(doc.fileId, snapshot);
    doc.journal = text === null ? 'clean' : 'dirty';
    doc.tailBytes = 0;
  }
}

function seqsOf(doc: OpenDocument): JournalSeq[] {
  return [...doc.document.appliedSeqs()].map(([clientId, applied]) => ({ clientId, seq: applied.seq, revision: applied.revision }));
}
