import { murmurHash } from '../../../domain/hash/murmur';
import { diffOperation } from '../../../domain/ot/line-diff';
import { PreparedApply } from '../../../domain/ot/server-document';
import { TextOperation } from '../../../domain/ot/text-operation';
import { ClientSession } from './client-session';
import { DocumentDurability } from './document-durability';
import { LoaderEnvironment } from './document-loader';
import { pathFailure } from './fs-errors';
import { HandlerResult, done, fail } from './handler-result';
import { OpenDocument } from './open-document';
import { PitcherErrorCode } from '../../../protocol';

type Commit = (doc: OpenDocument, prepared: PreparedApply) => HandlerResult<number>;

/**
 * Keeps an open document and its file on disk in step. Saving writes the text atomically; a change made on disk by
 * another program is merged into the document as an FS operation (the disk change transformed over the unsaved
 * edits), so a save never silently overwrites it. The caller runs these one at a time per file.
 */
export class DiskSync {
  constructor(
    private readonly env: LoaderEnvironment,
    private readonly durability: DocumentDurability,
    private readonly commit: Commit,
  ) {}

  async save(doc: OpenDocument, write: boolean): Promise<HandlerResult<null>> {
    const path = this.env.tree.pathOf(doc.fileId);
    if (!path.ok) return fail(PitcherErrorCode.INVALID_ID, path.error);
    if (write) await this.reconcile(doc);
    const text = doc.document.text;
    const revision = doc.document.revision;
    if (write) {
      const written = await this.env.files.writeText(path.value, text);
      if (!written.ok) return pathFailure(written.error);
      doc.diskText = text;
    }
    doc.savedHash = murmurHash(text);
    if (write) this.journalSaved(doc, doc.document.revision === revision);
    ClientSession.notifyAll(doc.all(), 'file/save', { id: doc.fileId, isBinary: false, content: text, savedHash: doc.savedHash });
    return done(null);
  }

  /** Takes a change made on disk since the server last read or wrote the file. */
  async reconcile(doc: OpenDocument): Promise<void> {
    const path = this.env.tree.pathOf(doc.fileId);
    if (!path.ok) return;
    const read = await this.env.files.read(path.value, this.env.limits);
    if (!read.ok || read.value.kind !== 'text') return; // gone, unreadable or no longer text: nothing to merge
    const onDisk = read.value.text;
    if (onDisk === doc.diskText) return;
    const change = diffOperation(doc.diskText, onDisk);
    const text = doc.document.text;
    let toApply: TextOperation = change;
    if (text !== doc.diskText) {
      const transformed = TextOperation.transform(diffOperation(doc.diskText, text), change);
      if (!transformed.ok) return this.env.log(`could not merge the change on disk into ${doc.fileId}: ${transformed.error.message}`);
      toApply = transformed.value[1];
    }
    const prepared = doc.document.prepare(doc.document.revision, toApply);
    if (!prepared.ok || prepared.value.kind !== 'apply') {
      return this.env.log(`could not take the change on disk of ${doc.fileId}: ${prepared.ok ? 'duplicate' : prepared.error.message}`);
    }
    if (!toApply.isNoop()) {
      const committed = this.commit(doc, prepared.value);
      if (!committed.ok) return;
    }
    doc.diskText = onDisk;
    doc.savedHash = murmurHash(onDisk);
    this.journalSaved(doc, doc.document.text === onDisk);
    ClientSession.notifyAll(doc.all(), 'file/save', { id: doc.fileId, isBinary: false, content: onDisk, savedHash: doc.savedHash });
  }

  private journalSaved(doc: OpenDocument, textIsOnDisk: boolean): void {
    try {
      this.durability.saved(doc, textIsOnDisk);
    } catch (error) {
      this.env.log(`could not record the save of ${doc.fileId} in its journal: ${(error as Error).message}`);
    }
  }
}
