import { PreferencesPort } from '../../application/ports/preferences.port';

/** Preferences in `localStorage`, one JSON value per key; storage that is disabled or full is tolerated. */
export class LocalPreferences implements PreferencesPort {
  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.localStorage) {}

  read(key: string): unknown {
    try {
      const text = this.storage?.getItem(key);
      return text == null ? undefined : (JSON.parse(text) as unknown);
    } catch {
      return undefined;
    }
  }

  write(key: string, value: unknown): void {
    try {
      this.storage?.setItem(key, JSON.stringify(value));
    } catch {
      // Private mode or a full quota: the preference lasts for this visit only.
    }
  }
}
