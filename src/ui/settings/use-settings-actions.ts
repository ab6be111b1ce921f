import { useEffect } from 'react';
import { EditorStore } from '../../application/editor/editor.store';
import { FormatOnSave } from '../../application/settings/format-on-save';
import { settingsActions } from '../../application/settings/settings-actions';
import { SettingsStore } from '../../application/settings/settings.store';
import { ActionRegistry } from '../../application/workbench/action-registry';
import { QuickInputStore } from '../../application/workbench/quick-input.store';
import { useService } from '../di/container-context';

/** Registers the settings, theme and format actions (src/application/settings/settings-actions.ts). */
export function useSettingsActions(actions: ActionRegistry): void {
  const settings = useService(SettingsStore);
  const quickInput = useService(QuickInputStore);
  const editor = useService(EditorStore);
  const formatOnSave = useService(FormatOnSave);
  useEffect(
    () => actions.register(settingsActions({ settings, quickInput, editor, formatOnSave, openSettings: () => settings.openPage() })),
    [actions, settings, quickInput, editor, formatOnSave],
  );
}
