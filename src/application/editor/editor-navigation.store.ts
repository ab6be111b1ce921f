import { inject, injectable } from 'inversify';
import { action, makeObservable, observable } from 'mobx';
import { EditorRange } from '../../domain/language/lsp-positions';
import { FileTreeStore } from '../files/file-tree.store';
import { NotifyError } from '../tokens';
import { EditorStore } from './editor.store';
import { editorErrors } from '../../domain/editor/editor.errors';

/** Show this range of this file: the editor view selects it, scrolls it into view and focuses, then calls `done`. */
export interface RevealRequest {
  readonly id: number;
  readonly fileId: string;
  readonly range: EditorRange;
}

/**
 * Opening a file at a position (a search result, a problem, a definition in another file). The editor store opens
 * the file; the editor view honours the latest reveal request once it shows that file.
 */
@injectable()
export class EditorNavigationStore {
  request: RevealRequest | undefined = undefined;
  private lastId = 0;

  constructor(
    @inject(EditorStore) private readonly editor: EditorStore,
    @inject(FileTreeStore) private readonly files: FileTreeStore,
    @inject(NotifyError) private readonly notifyError: NotifyError,
  ) {
    makeObservable(this, { request: observable.ref, reveal: action, done: action });
  }

  /** Opens a file of the tree ('src/App.tsx', a leading '/' allowed) at a range; false when it is not in the tree. */
  async openPathAt(path: string, range: EditorRange): Promise<boolean> {
    const node = this.files.fileAt(path.replace(/^\/+/, ''));
    if (!node) {
      this.notifyError(`Could not open ${path}: ${editorErrors.fileDeleted().message}`);
      return false;
    }
    return this.openAt(node.id, range);
  }

  async openAt(fileId: string, range: EditorRange): Promise<boolean> {
    await this.editor.open(fileId);
    if (this.editor.activeFileId !== fileId) return false;
    this.reveal(fileId, range);
    return true;
  }

  reveal(fileId: string, range: EditorRange): void {
    this.request = { id: ++this.lastId, fileId, range };
  }

  done(id: number): void {
    if (this.request?.id === id) this.request = undefined;
  }
}
