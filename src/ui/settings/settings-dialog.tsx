import { observer } from 'mobx-react-lite';
import { KeyboardEvent, RefObject, useEffect, useRef } from 'react';
import { SettingsStore } from '../../application/settings/settings.store';
import { AutoSave, NUMERIC_SETTING_LABELS, NumericSetting, SETTING_LIMITS, WordWrap } from '../../domain/settings/editor-settings';
import { THEMES } from '../../domain/settings/themes';
import { useService } from '../di/container-context';
import './settings-dialog.css';

/**
 * The settings page (Ctrl/Cmd+,): every change applies at once and is saved per user; a number field applies what is
 * typed in it on Enter or when it is left (SettingsStore.commitNumber), so that a value can be typed digit by digit.
 */
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
  return (
    <div className="bp-dialog-backdrop" onMouseDown={() => store.closePage()}>
      <div className="bp-settings" role="dialog" aria-modal="true" aria-labelledby="bp-settings-title" onKeyDown={onKeyDown} onMouseDown={(e) => e.stopPropagation()} data-testid="settings">
        <div className="bp-settings-header">
          <h2 id="bp-settings-title">Settings</h2>
          <button className="bp-icon-button" aria-label="Close settings" onClick={() => store.closePage()}>
            ×
          </button>
        </div>
        <NumberSetting setting="fontSize" inputRef={first} />
        <NumberSetting setting="tabSize" />
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
        <NumberSetting setting="autoSaveDelay" />
        <label className="bp-settings-check">
          <input type="checkbox" checked={s.formatOnSave} onChange={(e) => store.update({ formatOnSave: e.target.checked })} data-setting="formatOnSave" />
          <span>Format on save with Prettier (TS, JS, CSS, HTML, JSON, Markdown)</span>
        </label>
        <NumberSetting setting="quickSuggestionsDelay" />
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
        <label className="bp-settings-check">
          <input type="checkbox" checked={s.gitAutofetch} onChange={(e) => store.update({ gitAutofetch: e.target.checked })} data-setting="gitAutofetch" />
          <span>Git autofetch: fetch origin now and then, to show what there is to pull</span>
        </label>
        <NumberSetting setting="gitAutofetchPeriod" />
        <label className="bp-settings-check">
          <input type="checkbox" checked={s.gitSmartCommit} onChange={(e) => store.update({ gitSmartCommit: e.target.checked })} data-setting="gitSmartCommit" />
          <span>Git smart commit: commit every change when no file is staged</span>
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

/** One number field: keeps the text as typed, commits it on Enter or blur, and shows the store's message for it. */
const NumberSetting = observer(function NumberSetting({ setting, inputRef }: { setting: NumericSetting; inputRef?: RefObject<HTMLInputElement | null> }) {
  const store = useService(SettingsStore);
  const disabled = !store.applies(setting);
  const message = store.numberFields[setting]?.message;
  const messageId = `bp-setting-${setting}-message`;
  return (
    <div className="bp-settings-number">
      <label>
        <span>{NUMERIC_SETTING_LABELS[setting]}</span>
        <input
          ref={inputRef}
          type="number"
          min={SETTING_LIMITS[setting].min}
          max={SETTING_LIMITS[setting].max}
          value={store.numberText(setting)}
          disabled={disabled}
          onChange={(e) => store.typeNumber(setting, e.target.value)}
          onBlur={() => store.commitNumber(setting)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') store.commitNumber(setting);
          }}
          aria-invalid={message?.invalid ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          data-setting={setting}
        />
      </label>
      {message && (
        <div id={messageId} className={message.invalid ? 'bp-settings-message bp-settings-message-invalid' : 'bp-settings-message'} role={message.invalid ? 'alert' : 'status'}>
          {message.text}
        </div>
      )}
    </div>
  );
});
