import { murmurHash } from '../../../domain/hash/murmur';
import { diffOperation } from '../../../domain/ot/line-diff';
import { ServerDocument } from '../../../domain/ot/server-document';
import { TextOperation } from '../../../domain/ot/text-operation';
import { PitcherErrorCode } from '../../../protocol';
import { DocumentJournal, JournalState } from '../ports/document-journal.port';
import { ReadLimits, WorkspaceFiles } from '../ports/workspace-files.port';
import { fileTooLarge, pathFailure } from './fs-errors';
import { HandlerResult, done, fail } from './handler-result';
import { DocumentDurability } from './document-durability';
import { OpenDocument } from './open-document';
import { WorkspaceTree } from './workspace-tree';

export interface BinaryFile {
  kind: 'binary';
  bytes: Uint8Array;
}

export interface LoaderEnvironment {
  readonly tree: WorkspaceTree;
  readonly files: WorkspaceFiles;
  readonly journal: DocumentJournal;
  readonly limits: ReadLimits;
  log(message: string): void;
}

/**
 * Reads a file into an OpenDocument: the text on disk, plus (after a restart) every acknowledged edit from the
 * journal, replayed through the document so the applied sequence numbers come back too.
 */
export class DocumentLoader {
  constructor(
    private readonly env: LoaderEnvironment,
    private readonly durability: DocumentDurability,
  ) {}

  async load(fileId: string): Promise<HandlerResult<OpenDocument | BinaryFile>> {
    const { tree, files, limits } = this.env;
    const node = tree.get(fileId);
    if (!node) return fail(PitcherErrorCode.INVALID_ID, `Failed to retrieve a path for the file (id: ${fileId}): file not found.`);
    if (node.type !== 0) return fail(PitcherErrorCode.INVALID_ID, `${fileId} is a directory, not a file`);
    const path = tree.pathOf(fileId);
    if (!path.ok) return fail(PitcherErrorCode.INVALID_ID, path.error);
    const content = await files.read(path.value, limits);
    if (!content.ok) return pathFailure(content.error);
    const read = content.value;
    if (read.kind === 'too-large') return fileTooLarge(read, limits);
    if (read.kind === 'binary') return done({ kind: 'binary', bytes: read.bytes });
    return done(this.recover(fileId, read.text));
  }

  private recover(fileId: string, diskText: string): OpenDocument {
    const options = { maxLength: this.env.limits.maxTextCharacters };
    const diskHash = murmurHash(diskText);
    const log = (message: string) => this.env.log(`journal of ${fileId}: ${message}`);
    const state = this.env.journal.read(fileId);
    if (!state) return new OpenDocument(fileId, new ServerDocument(diskText, 0, options), diskText, diskHash, 'none');
    const { snapshot } = state;
    const document = new ServerDocument(snapshot.text ?? diskText, snapshot.revision, options);
    for (const s of snapshot.seqs) document.rememberSeq(s.clientId, { seq: s.seq, revision: s.revision });
    if (snapshot.text === null) {
      // The snapshot points at the saved file; operations never follow it without a text snapshot in between.
      if (state.entries.length > 0 && diskHash !== snapshot.savedHash) {
        log('operations based on a file that has since changed on disk cannot be replayed');
        return new OpenDocument(fileId, document, diskText, diskHash, 'none');
      }
      replay(document, state, log);
      return new OpenDocument(fileId, document, diskText, diskHash, state.entries.length === 0 ? 'clean' : 'dirty');
    }
    const journalSavedHash = replay(document, state, log);
    const doc = new OpenDocument(fileId, document, diskText, diskHash, 'dirty');
    if (journalSavedHash !== diskHash) this.adoptDiskChange(doc, journalSavedHash);
    return doc;
  }

  /**
   * The file changed on disk while the server was down. When it now holds the document's text, a save got as far as
   * the file but not as far as its record in the journal (the server was killed in between): the document is saved,
   * and the journal says so, so that a later change on disk wins. Otherwise, without unsaved edits the disk wins (an
   * FS operation); with unsaved edits they are kept (they were acknowledged) and the document shows as changed
   * against the disk.
   */
  private adoptDiskChange(doc: OpenDocument, journalSavedHash: string): void {
    const text = doc.document.text;
    const textHash = murmurHash(text);
    if (textHash === doc.savedHash) {
      this.durability.savedOrLog(doc, true, (message) => this.env.log(message));
      return;
    }
    if (textHash !== journalSavedHash) {
      this.env.log(`${doc.fileId} changed on disk while it had unsaved edits; the edits are kept`);
      return;
    }
    const received = doc.document.receive(doc.document.revision, diffOperation(text, doc.diskText));
    if (!received.ok) this.env.log(`${doc.fileId}: could not take the change made on disk: ${received.error.message}`);
    // The journal does not hold this change: the next operation starts it again from a snapshot.
    doc.journal = 'none';
  }
}

/** Replays the journal tail into `document`; returns the hash of the text last saved according to the journal. */
function replay(document: ServerDocument, state: JournalState, log: (message: string) => void): string {
  let savedHash = state.snapshot.savedHash;
  for (const entry of state.entries) {
    if (entry.kind === 'saved') {
      savedHash = entry.savedHash;
      continue;
    }
    if (entry.revision !== document.revision + 1) {
      log(`record for revision ${entry.revision} does not follow revision ${document.revision}; replay stops`);
      break;
    }
    const op = TextOperation.fromJSON(entry.operation);
    const origin = entry.clientId ? { clientId: entry.clientId, seq: entry.seq } : undefined;
    const received = op.ok ? document.receive(document.revision, op.value, origin) : op;
    if (!received.ok) {
      log(`record for revision ${entry.revision} does not apply (${received.error.message}); replay stops`);
      break;
    }
  }
  return savedHash;
}
