import { inject, injectable } from 'inversify';
import { reaction } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { EditorStore } from '../editor/editor.store';
import { FormatOnSave } from './format-on-save';
import { SettingsStore } from './settings.store';

/**
 * Autosave, as VS Code's files.autoSave:
 * - 'onFocusChange' (spec 002 §9's default): when the editor or the window loses focus, dirty documents are saved.
 * - 'afterDelay': a document is saved `autoSaveDelay` ms (default 1000) after this user's last edit in it, each edit
 *   starting the wait again. These saves do not format (VS Code formats on save only when a save is not after a delay):
 *   the user is still typing, and a format would move the text under the cursor.
 * - 'off': only Ctrl/Cmd+S saves.
 */
@injectable()
export class AutoSave extends DisposableBase {
  /** Per file: the save waiting for the delay to pass since the last edit. */
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(
    @inject(SettingsStore) private readonly settings: SettingsStore,
    @inject(EditorStore) private readonly editor: EditorStore,
    @inject(FormatOnSave) private readonly formatOnSave: Pick<FormatOnSave, 'withoutFormatting'>,
  ) {
    super();
    this.register(editor.onDidEditLocally(({ fileId }) => this.edited(fileId)));
    // Switched away from 'afterDelay': the waiting saves are dropped.
    this.register(reaction(() => settings.settings.autoSave, (mode) => mode !== 'afterDelay' && this.cancelPending()));
    this.register(() => this.cancelPending());
  }

  async focusChanged(): Promise<void> {
    if (this.settings.settings.autoSave !== 'onFocusChange') return;
    await Promise.all(this.editor.tabs.map((tab) => this.editor.save(tab.fileId)));
  }

  /** This user edited a document: with 'afterDelay', its save waits `autoSaveDelay` from now. */
  edited(fileId: string): void {
    const { autoSave, autoSaveDelay } = this.settings.settings;
    if (autoSave !== 'afterDelay') return;
    clearTimeout(this.pending.get(fileId));
    this.pending.set(
      fileId,
      setTimeout(() => {
        this.pending.delete(fileId);
        void this.formatOnSave.withoutFormatting(fileId, () => this.editor.save(fileId));
      }, autoSaveDelay),
    );
  }

  private cancelPending(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }
}
