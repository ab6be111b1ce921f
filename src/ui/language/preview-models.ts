import * as monaco from 'monaco-editor';
import { RawFsStore } from '../../application/fs/raw-fs.store';
import { languageOf } from '../../domain/editor/language-of';
import { workspacePathOfUri } from '../../domain/language/workspace-uri';

/**
 * Read-only stand-ins for files no tab has open, so that Monaco's peek views (references, several definitions) can
 * show their lines. They are not documents: no session, no LSP sync, and opening the file for real replaces them
 * (the editor's model binding disposes any model with its URI).
 */
export class PreviewModels {
  private readonly uris = new Set<string>();

  constructor(private readonly rawFs: RawFsStore) {}

  isPreview(uri: string): boolean {
    return this.uris.has(uri);
  }

  /** True when a model exists for the URI after the call (a workspace file that could be read). */
  async ensure(uri: string): Promise<boolean> {
    const parsed = monaco.Uri.parse(uri);
    if (monaco.editor.getModel(parsed)) return true;
    const path = workspacePathOfUri(uri);
    if (path === undefined) return false;
    let text: string;
    try {
      text = new TextDecoder().decode(await this.rawFs.readFile(path));
    } catch {
      return false;
    }
    if (monaco.editor.getModel(parsed)) return true;
    const key = parsed.toString();
    this.uris.add(key);
    const model = monaco.editor.createModel(text, languageOf(path), parsed);
    model.onWillDispose(() => this.uris.delete(key));
    return true;
  }

  dispose(): void {
    for (const uri of [...this.uris]) monaco.editor.getModel(monaco.Uri.parse(uri))?.dispose();
    this.uris.clear();
  }
}
