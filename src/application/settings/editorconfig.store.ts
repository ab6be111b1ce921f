import { inject, injectable, optional } from 'inversify';
import { DisposableBase } from '../../base/lifecycle';
import { EditorConfigFile, IndentationSettings, indentationFrom, parseEditorConfig, propertiesFor } from '../../domain/settings/editorconfig';
import { ReadonlyFileTree } from '../../domain/fs/file-tree';
import { FsOperation, NodeType } from '../../domain/fs/file-tree.types';
import { Emitter } from '../../base/event';
import { FileTreeStore } from '../files/file-tree.store';
import { DocumentsPort } from '../ports/documents.port';
import { FileTreePort } from '../ports/file-tree.port';
import { RawFsPort } from '../ports/raw-fs.port';

/** How long a read `.editorconfig` (or its absence) is trusted: a file made or edited in a terminal shows soon after. */
export const EDITORCONFIG_CACHE_MS = 2000;

const EDITORCONFIG = '.editorconfig';

/**
 * The `.editorconfig` files of the workspace, read through the raw fs calls from the file's folder up to the root (or
 * the first `root = true`), cached per folder for a moment (EDITORCONFIG_CACHE_MS) or until one of them may have
 * changed (`invalidate`): an `.editorconfig` is created, saved, or renamed, moved or deleted (told by its tree id, or
 * by its name in the client's file tree), or a folder is created, moved or deleted (it may hold one). Saves and tree
 * changes of other files keep the cache. Without the file tree (or for a node it does not know) every move, delete
 * and save counts.
 */
@injectable()
export class EditorConfigStore extends DisposableBase {
  /** Per folder: when it was read, the parsed file (undefined: none), and the file's tree id when the tree had it. */
  private readonly files = new Map<string, { at: number; file: Promise<EditorConfigFile | undefined>; id: string | undefined }>();
  /** The clock (tests replace it). */
  now: () => number = () => Date.now();

  private readonly changed = new Emitter<void>();
  /** The cached files were dropped: indentation may differ now (views apply it again). */
  readonly onDidChange = this.changed.event;

  constructor(
    @inject(RawFsPort) private readonly fs: RawFsPort,
    @inject(FileTreePort) files: Pick<FileTreePort, 'onDidReceiveOperations'>,
    @inject(DocumentsPort) documents: Pick<DocumentsPort, 'onDidSave'>,
    @inject(FileTreeStore) @optional() private readonly workspace?: { readonly tree: ReadonlyFileTree },
  ) {
    super();
    this.register(this.changed);
    // Files made, moved or deleted (in the explorer or a terminal) and saves that may concern an .editorconfig.
    this.register(
      files.onDidReceiveOperations((operations) => {
        if (operations.some(({ operation }) => this.concerns(operation))) this.invalidate();
      }),
    );
    this.register(
      documents.onDidSave(({ fileId }) => {
        if (this.mayHold(fileId)) this.invalidate();
      }),
    );
  }

  /** The indentation settings for a workspace-relative path ('src/app.ts'); empty when no .editorconfig applies. */
  async indentationFor(path: string): Promise<IndentationSettings> {
    const parts = path.split('/').filter(Boolean);
    const folders: string[] = [];
    for (let i = parts.length - 1; i >= 0; i--) folders.push(parts.slice(0, i).join('/'));
    const chain: Array<{ folder: string; file: EditorConfigFile }> = [];
    for (const folder of folders) {
      const file = await this.read(folder);
      if (!file) continue;
      chain.unshift({ folder, file });
      if (file.root) break;
    }
    const properties: Record<string, string> = {};
    for (const { folder, file } of chain) Object.assign(properties, propertiesFor(file, folder ? path.slice(folder.length + 1) : path));
    return indentationFrom(properties);
  }

  /** A changed, created or deleted `.editorconfig` (or any path, to be safe): forget the cached files. */
  invalidate(path?: string): void {
    if (path !== undefined && path.split('/').pop() !== EDITORCONFIG) return;
    if (this.files.size === 0) return;
    this.files.clear();
    this.changed.fire();
  }

  private read(folder: string): Promise<EditorConfigFile | undefined> {
    const cached = this.files.get(folder);
    if (cached && this.now() - cached.at < EDITORCONFIG_CACHE_MS) return cached.file;
    const path = folder ? `${folder}/${EDITORCONFIG}` : EDITORCONFIG;
    const file = this.fs.readFile(path).then(
      (bytes) => parseEditorConfig(new TextDecoder().decode(bytes)),
      () => undefined,
    );
    this.files.set(folder, { at: this.now(), file, id: this.workspace?.tree.findByPath(path)?.id });
    return file;
  }

  /** Whether a tree operation may create, change or remove an `.editorconfig`. A new folder counts (it may come filled). */
  private concerns(operation: FsOperation): boolean {
    if (operation.type === 'create') return operation.newEntry.type === NodeType.Directory || operation.newEntry.name === EDITORCONFIG;
    if (operation.type === 'move' && operation.name === EDITORCONFIG) return true;
    return this.mayHold(operation.id);
  }

  /**
   * Whether a node that is moved, deleted or saved is or may hold an `.editorconfig`: one of the cached files (by id,
   * so a rename the tree already shows counts), a node named so, a folder, or a node the tree does not know (a
   * deletion the tree already applied may have taken a folder).
   */
  private mayHold(id: string): boolean {
    if (!this.workspace) return true;
    if ([...this.files.values()].some((cached) => cached.id === id)) return true;
    const node = this.workspace.tree.get(id);
    return !node || node.type === NodeType.Directory || node.name === EDITORCONFIG;
  }
}
