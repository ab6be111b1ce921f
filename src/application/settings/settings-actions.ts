import { THEMES } from '../../domain/settings/themes';
import { EditorStore } from '../editor/editor.store';
import { ActionDeclaration } from '../workbench/action-registry';
import { QuickInputStore } from '../workbench/quick-input.store';
import { FormatOnSave } from './format-on-save';
import { SettingsStore } from './settings.store';

export interface SettingsActionDeps {
  readonly settings: SettingsStore;
  readonly quickInput: QuickInputStore;
  readonly editor: EditorStore;
  readonly formatOnSave: FormatOnSave;
  readonly openSettings: () => void;
}

export function settingsActions({ settings, quickInput, editor, formatOnSave, openSettings }: SettingsActionDeps): ActionDeclaration[] {
  return [
    { id: 'workbench.action.openSettings', category: 'Preferences', label: 'Open Settings', keybinding: 'CtrlCmd+,', run: openSettings },
    {
      id: 'workbench.action.selectTheme',
      category: 'Preferences',
      label: 'Color Theme',
      run: () => {
        const saved = settings.settings.themeId;
        quickInput.openPick({
          placeholder: 'Select Color Theme (Up/Down Keys to Preview)',
          items: THEMES.map((t) => ({ id: t.id, label: t.label, detail: t.kind === 'dark' ? 'dark' : 'light' })),
          initial: saved,
          onActive: (id) => void settings.preview(id),
          onAccept: (id) => settings.update({ themeId: id }),
          onCancel: () => void settings.loadTheme(saved),
        });
      },
    },
    {
      id: 'editor.action.formatDocument',
      category: 'Format',
      label: 'Format Document',
      keybinding: 'Shift+Alt+F',
      when: () => editor.active !== undefined,
      run: () => {
        const session = editor.active;
        if (session) void formatOnSave.format(session);
      },
    },
  ];
}
