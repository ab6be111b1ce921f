import { observer } from 'mobx-react-lite';
import { SettingsStore } from '../../application/settings/settings.store';
import { useService } from '../di/container-context';

const CHOICES = [
  { id: 'bullpen-dark', label: 'Dark' },
  { id: 'light', label: 'Light' },
] as const;

/** The theme (spec 000 §4): dark by default, a light variant; kept in this browser (the editor's settings choose among all themes). */
export const AppearanceSection = observer(function AppearanceSection() {
  const settings = useService(SettingsStore);
  const current = settings.settings.themeId;
  return (
    <section className="bp-account-section" aria-labelledby="bp-account-appearance">
      <h2 id="bp-account-appearance">Appearance</h2>
      <fieldset className="bp-account-fieldset">
        <legend>Theme</legend>
        {CHOICES.map((choice) => (
          <label key={choice.id} className="bp-checkbox">
            <input type="radio" name="bp-theme" checked={current === choice.id} onChange={() => settings.update({ themeId: choice.id })} />
            {choice.label}
          </label>
        ))}
        {!CHOICES.some((choice) => choice.id === current) && <span className="bp-account-meta">The editor's settings chose another theme ({current}).</span>}
      </fieldset>
    </section>
  );
});
