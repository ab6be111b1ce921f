import { inject, injectable } from 'inversify';
import { EditorStore } from '../editor/editor.store';
import { SettingsStore } from './settings.store';

/** Spec 002 §9 "autosave on focus change": when the editor or the window loses focus, dirty documents are saved. */
@injectable()
export class AutoSave {
  constructor(
    @inject(SettingsStore) private readonly settings: SettingsStore,
    @inject(EditorStore) private readonly editor: EditorStore,
  ) {}

  async focusChanged(): Promise<void> {
    if (this.settings.settings.autoSave !== 'onFocusChange') return;
    await Promise.all(this.editor.tabs.map((tab) => this.editor.save(tab.fileId)));
  }
}
