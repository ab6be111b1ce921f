import { inject, injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { validateEntryName } from '../../domain/fs/entry-name';
import { NodeType, ROOT_ID } from '../../domain/fs/file-tree.types';
import { RawFsStore } from '../fs/raw-fs.store';
import { NotifyError } from '../tokens';
import { AccessStore } from '../workspace/access.store';
import { FileTreeStore } from './file-tree.store';

/** A file dropped from the desktop, as the view hands it over (reading it is the browser's business). */
export interface UploadSource {
  readonly name: string;
  readonly size: number;
  read(): Promise<Uint8Array>;
}

export type UploadState =
  | { readonly kind: 'waiting' }
  | { readonly kind: 'reading' }
  | { readonly kind: 'uploading' }
  | { readonly kind: 'done' }
  | { readonly kind: 'failed'; readonly message: string };

/** One file of an upload, with where it goes and how far it got. */
export interface Upload {
  readonly id: number;
  readonly name: string;
  /** The target directory's workspace path ('' for the root). */
  readonly directory: string;
  readonly size: number;
  readonly state: UploadState;
}

export type Download =
  | { readonly kind: 'preparing'; readonly path: string }
  | { readonly kind: 'ready'; readonly path: string; readonly url: string; readonly fileName: string };

/**
 * Uploads (files dragged in from the desktop, `fs/upload`, one after another with a state per file) and downloads
 * (`fs/download`: a file as is, a folder as a zip, through a short-lived link the view follows).
 */
@injectable()
export class FileTransfersStore {
  uploads: readonly Upload[] = [];
  download: Download | undefined = undefined;
  private nextId = 1;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    @inject(FileTreeStore) private readonly files: FileTreeStore,
    @inject(RawFsStore) private readonly rawFs: RawFsStore,
    @inject(NotifyError) private readonly notifyError: NotifyError,
    @inject(AccessStore) private readonly access: AccessStore,
  ) {
    makeObservable<FileTransfersStore, 'setUpload' | 'setDownload'>(this, {
      uploads: observable.ref,
      download: observable.ref,
      upload: action,
      dismissUpload: action,
      clearFinishedUploads: action,
      setUpload: action,
      setDownload: action,
    });
  }

  /**
   * Uploads files into a tree directory, one at a time; each file's failure is shown and does not stop the others.
   * Nothing is uploaded without upload permission (fs.upload).
   */
  upload(parentId: string, sources: readonly UploadSource[]): Promise<void> {
    if (!this.access.can.upload) return Promise.resolve();
    const directory = parentId === ROOT_ID ? '' : (this.files.pathOf(parentId) ?? '');
    if (parentId !== ROOT_ID) this.files.setExpanded(parentId, true);
    const added = sources.map((source) => ({ source, upload: { id: this.nextId++, name: source.name, directory, size: source.size, state: { kind: 'waiting' } } as Upload }));
    this.uploads = [...this.uploads, ...added.map((a) => a.upload)];
    const run = async () => {
      for (const { source, upload } of added) await this.uploadOne(parentId, source, upload.id);
    };
    this.queue = this.queue.then(run, run);
    return this.queue.then(() => undefined);
  }

  private async uploadOne(parentId: string, source: UploadSource, id: number): Promise<void> {
    const name = validateEntryName(source.name, NodeType.File);
    if (!name.ok) return this.fail(id, name.error.message);
    try {
      this.setUpload(id, { kind: 'reading' });
      const content = await source.read();
      this.setUpload(id, { kind: 'uploading' });
      await this.rawFs.upload(parentId, name.value, content);
      this.setUpload(id, { kind: 'done' });
    } catch (error) {
      this.fail(id, error instanceof Error && error.message ? error.message : String(error));
    }
  }

  private fail(id: number, message: string): void {
    this.setUpload(id, { kind: 'failed', message });
    const upload = this.uploads.find((u) => u.id === id);
    this.notifyError(upload ? `Could not upload ${upload.name}: ${message}` : message);
  }

  private setUpload(id: number, state: UploadState): void {
    this.uploads = this.uploads.map((u) => (u.id === id ? { ...u, state } : u));
  }

  dismissUpload(id: number): void {
    this.uploads = this.uploads.filter((u) => u.id !== id);
  }

  /** Removes the uploads that are done (failed ones stay until dismissed). */
  clearFinishedUploads(): void {
    this.uploads = this.uploads.filter((u) => u.state.kind !== 'done');
  }

  /** Asks for a download link for a workspace path ('' for the whole workspace); the view follows it when ready. */
  async prepareDownload(path: string): Promise<string | undefined> {
    this.setDownload({ kind: 'preparing', path });
    try {
      const url = await this.rawFs.download(path === '' ? '/' : path);
      const fileName = decodeURIComponent(url.split('/').pop() ?? 'download');
      this.setDownload({ kind: 'ready', path, url, fileName });
      return url;
    } catch (error) {
      this.setDownload(undefined);
      this.notifyError(`Could not download ${path || 'the workspace'}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  private setDownload(download: Download | undefined): void {
    this.download = download;
  }
}
