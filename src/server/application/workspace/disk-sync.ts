import { murmurHash } from '../../../domain/hash/murmur';
import { diffOperation } from '../../../domain/ot/line-diff';
import { PreparedApply } from '../../../domain/ot/server-document';
import { TextOperation } from '../../../domain/ot/text-operation';
import { ClientSession } from './client-session';
import { DocumentDurability } from './document-durability';
import { LoaderEnvironment } from './document-loader';
import { FsFailure } from '../ports/workspace-files.port';
import { notOnDisk, pathFailure } from './fs-errors';
import { HandlerResult, done, fail } from './handler-result';
import { OpenDocument } from './open-document';
import { PitcherErrorCode } from '../../../protocol';
import { UnmergeableChange, unmergeableContent, unmergeableEdits } from './unmergeable-change';

type Commit = (doc: OpenDocument, prepared: PreparedApply) => HandlerResult<number>;
/** Takes the document out of collaboration for a change on disk it cannot take; returns what its saves get. */
type CloseForDisk = (doc: OpenDocument, change: UnmergeableChange) => HandlerResult<never>;

/** Files that vanished: a save writes them again. */
const GONE = new Set(['ENOENT', 'ENOTDIR']);

/**
 * Keeps an open document and its file on disk in step. Saving writes the text atomically; a change made on disk by
 * another program is merged into the document as an FS operation (the disk change transformed over the unsaved
 * edits), so a save never silently overwrites it. A change that cannot be merged (the file grew past the limit,
 * became binary, or does not merge with the unsaved edits) closes the document for editing instead: no save of its
 * text is written any more. The caller runs these one at a time per file.
 */
export class DiskSync {
  constructor(
    private readonly env: LoaderEnvironment,
    private readonly durability: DocumentDurability,
    private readonly commit: Commit,
    private readonly closeForDisk: CloseForDisk,
  ) {}

  /**
   * Saves the document. A document whose file left the tree (deleted or moved away on disk, or a directory above it
   * swapped for a symlink) is written again at the path it had; when that cannot be done the save is refused with the
   * reason, and the edits stay in the document and its journal until a save succeeds or the file is back.
   */
  async save(doc: OpenDocument, write: boolean): Promise<HandlerResult<null>> {
    if (doc.closed) return doc.closed;
    const place = this.locate(doc);
    if (!place.ok) return place;
    const { path, inTree } = place.value;
    const refused = (failure: FsFailure) => (inTree ? pathFailure(failure) : notOnDisk(path, failure));
    if (write) {
      const inStep = await this.reconcileAt(doc, path, refused);
      if (!inStep.ok) return inStep;
    }
    const text = doc.document.text;
    const revision = doc.document.revision;
    if (write) {
      const written = await this.env.files.writeText(path, text);
      if (!written.ok) return refused(written.error);
      doc.diskText = text;
    }
    doc.savedHash = murmurHash(text);
    if (write) this.journalSaved(doc, doc.document.revision === revision);
    ClientSession.notifyAll(doc.all(), 'file/save', { id: doc.fileId, isBinary: false, content: text, savedHash: doc.savedHash });
    return done(null);
  }

  /**
   * Takes a change made on disk since the server last read or wrote the file. Fails when the document's text must
   * not be written over the file: the file could not be read, or its change could not be taken (the document is
   * closed for editing when that is for good). A file that is gone, or out of the tree, succeeds: a save writes it again.
   */
  async reconcile(doc: OpenDocument): Promise<HandlerResult<null>> {
    if (doc.closed) return doc.closed;
    const path = this.env.tree.pathOf(doc.fileId);
    if (!path.ok) return done(null); // out of the tree: taken when it is back (WorkspaceTree.retain)
    return this.reconcileAt(doc, path.value, pathFailure);
  }

  /** The document's file: where the tree has it, or the path it left (the tree keeps it while the document is open). */
  private locate(doc: OpenDocument): HandlerResult<{ path: string; inTree: boolean }> {
    const path = this.env.tree.pathOf(doc.fileId);
    if (path.ok) return done({ path: path.value, inTree: true });
    const vacated = this.env.tree.vacatedPathOf(doc.fileId);
    if (vacated !== undefined) return done({ path: vacated, inTree: false });
    return fail(PitcherErrorCode.INVALID_ID, path.error);
  }

  /** reconcile at `path`; a file that cannot be read (but is not gone) fails as `unreadable` says. */
  private async reconcileAt(doc: OpenDocument, path: string, unreadable: (failure: FsFailure) => HandlerResult<never>): Promise<HandlerResult<null>> {
    if (doc.closed) return doc.closed;
    const read = await this.env.files.read(path, this.env.limits);
    if (!read.ok) return GONE.has(read.error.code) ? done(null) : unreadable(read.error);
    if (read.value.kind !== 'text') return this.closeForDisk(doc, unmergeableContent(read.value, this.env.limits));
    const onDisk = read.value.text;
    if (onDisk === doc.diskText) return done(null);
    const change = diffOperation(doc.diskText, onDisk);
    const text = doc.document.text;
    let toApply: TextOperation = change;
    if (text !== doc.diskText) {
      const transformed = TextOperation.transform(diffOperation(doc.diskText, text), change);
      if (!transformed.ok) return this.closeForDisk(doc, unmergeableEdits(transformed.error));
      toApply = transformed.value[1];
    }
    const prepared = doc.document.prepare(doc.document.revision, toApply);
    if (!prepared.ok) return this.closeForDisk(doc, unmergeableEdits(prepared.error));
    const notTaken = (why: string) => fail(PitcherErrorCode.CRITICAL_ERROR, `The change on disk of ${path} ${why}; nothing was saved`);
    if (prepared.value.kind !== 'apply') return notTaken('was taken for a duplicate');
    if (!toApply.isNoop() && !this.commit(doc, prepared.value).ok) return notTaken('could not be stored in the document');
    doc.diskText = onDisk;
    doc.savedHash = murmurHash(onDisk);
    this.journalSaved(doc, doc.document.text === onDisk);
    ClientSession.notifyAll(doc.all(), 'file/save', { id: doc.fileId, isBinary: false, content: onDisk, savedHash: doc.savedHash });
    return done(null);
  }

  private journalSaved(doc: OpenDocument, textIsOnDisk: boolean): void {
    this.durability.savedOrLog(doc, textIsOnDisk, (message) => this.env.log(message));
  }
}
