import { inject, injectable } from 'inversify';
import { EditorConfigFile, IndentationSettings, indentationFrom, parseEditorConfig, propertiesFor } from '../../domain/settings/editorconfig';
import { Emitter } from '../../base/event';
import { DocumentsPort } from '../ports/documents.port';
import { FileTreePort } from '../ports/file-tree.port';
import { RawFsPort } from '../ports/raw-fs.port';

/** How long a read `.editorconfig` (or its absence) is trusted: a file made or edited in a terminal shows soon after. */
export const EDITORCONFIG_CACHE_MS = 2000;

/**
 * The `.editorconfig` files of the workspace, read through the raw fs calls from the file's folder up to the root (or
 * the first `root = true`), cached per folder for a moment (EDITORCONFIG_CACHE_MS) or until one of them is created,
 * moved, deleted or saved (`invalidate`).
 */
@injectable()
export class EditorConfigStore {
  private readonly files = new Map<string, { at: number; file: Promise<EditorConfigFile | undefined> }>();
  /** The clock (tests replace it). */
  now: () => number = () => Date.now();

  private readonly changed = new Emitter<void>();
  /** The cached files were dropped: indentation may differ now (views apply it again). */
  readonly onDidChange = this.changed.event;

  constructor(
    @inject(RawFsPort) private readonly fs: RawFsPort,
    @inject(FileTreePort) files: Pick<FileTreePort, 'onDidReceiveOperations'>,
    @inject(DocumentsPort) documents: Pick<DocumentsPort, 'onDidSave'>,
  ) {
    // Files made, moved or deleted (in the explorer or a terminal) and saves may concern an .editorconfig.
    files.onDidReceiveOperations(() => this.invalidate());
    documents.onDidSave(() => this.invalidate());
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
    if (path !== undefined && !path.endsWith('.editorconfig')) return;
    if (this.files.size === 0) return;
    this.files.clear();
    this.changed.fire();
  }

  private read(folder: string): Promise<EditorConfigFile | undefined> {
    const cached = this.files.get(folder);
    if (cached && this.now() - cached.at < EDITORCONFIG_CACHE_MS) return cached.file;
    const path = folder ? `${folder}/.editorconfig` : '.editorconfig';
    const file = this.fs.readFile(path).then(
      (bytes) => parseEditorConfig(new TextDecoder().decode(bytes)),
      () => undefined,
    );
    this.files.set(folder, { at: this.now(), file });
    return file;
  }
}
