import { observer } from 'mobx-react-lite';
import { KeyboardEvent, useEffect, useRef } from 'react';
import { SettingsStore } from '../../application/settings/settings.store';
import { AutoSave, SETTING_LIMITS, WordWrap } from '../../domain/settings/editor-settings';
import { THEMES } from '../../domain/settings/themes';
import { useService } from '../di/container-context';
import './settings-dialog.css';

/** The settings page (Ctrl/Cmd+,): every change applies at once and is saved per user. */
export const SettingsDialog = observer(function SettingsDialog() {
  const store = useService(SettingsStore);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (store.pageOpen) first.current?.focus();
  }, [store.pageOpen]);
  if (!store.pageOpen) return null;
  const s = store.settings;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      store.closePage();
    }
  };
  const number = (value: string) => (value === '' ? NaN : Number(value));
  return (
    <div className="bp-dialog-backdrop" onMouseDown={() => store.closePage()}>
      <div className="bp-settings" role="dialog" aria-modal="true" aria-labelledby="bp-settings-title" onKeyDown={onKeyDown} onMouseDown={(e) => e.stopPropagation()} data-testid="settings">
        <div className="bp-settings-header">
          <h2 id="bp-settings-title">Settings</h2>
          <button className="bp-icon-button" aria-label="Close settings" onClick={() => store.closePage()}>
            ×
          </button>
        </div>
        <label>
          <span>Font size</span>
          <input ref={first} type="number" min={SETTING_LIMITS.fontSize.min} max={SETTING_LIMITS.fontSize.max} value={s.fontSize} onChange={(e) => store.update({ fontSize: number(e.target.value) })} data-setting="fontSize" />
        </label>
        <label>
          <span>Tab size</span>
          <input type="number" min={SETTING_LIMITS.tabSize.min} max={SETTING_LIMITS.tabSize.max} value={s.tabSize} onChange={(e) => store.update({ tabSize: number(e.target.value) })} data-setting="tabSize" />
        </label>
        <label className="bp-settings-check">
          <input type="checkbox" checked={s.insertSpaces} onChange={(e) => store.update({ insertSpaces: e.target.checked })} data-setting="insertSpaces" />
          <span>Insert spaces when pressing Tab (.editorconfig wins where it applies)</span>
        </label>
        <label>
          <span>Auto save</span>
          <select value={s.autoSave} onChange={(e) => store.update({ autoSave: e.target.value as AutoSave })} data-setting="autoSave">
            <option value="onFocusChange">On focus change</option>
            <option value="afterDelay">After a delay</option>
            <option value="off">Off</option>
          </select>
        </label>
        <label className="bp-settings-check">
          <input type="checkbox" checked={s.formatOnSave} onChange={(e) => store.update({ formatOnSave: e.target.checked })} data-setting="formatOnSave" />
          <span>Format on save with Prettier (TS, JS, CSS, HTML, JSON, Markdown)</span>
        </label>
        <label>
          <span>Quick suggestions delay (ms)</span>
          <input type="number" min={0} max={SETTING_LIMITS.quickSuggestionsDelay.max} value={s.quickSuggestionsDelay} onChange={(e) => store.update({ quickSuggestionsDelay: number(e.target.value) })} data-setting="quickSuggestionsDelay" />
        </label>
        <label>
          <span>Word wrap</span>
          <select value={s.wordWrap} onChange={(e) => store.update({ wordWrap: e.target.value as WordWrap })} data-setting="wordWrap">
            <option value="off">Off</option>
            <option value="on">On</option>
          </select>
        </label>
        <label className="bp-settings-check">
          <input type="checkbox" checked={s.minimap} onChange={(e) => store.update({ minimap: e.target.checked })} data-setting="minimap" />
          <span>Show the minimap</span>
        </label>
        <label>
          <span>Color theme</span>
          <select value={s.themeId} onChange={(e) => store.update({ themeId: e.target.value })} data-setting="themeId">
            {THEMES.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
});
