/**
 * Per-user preferences (layout, editor settings, theme): kept in the browser's local storage until accounts exist.
 * Values are JSON; a read that fails (storage disabled, bad JSON) returns undefined and a write that fails is dropped.
 */
export const PreferencesPort = Symbol('PreferencesPort');

export interface PreferencesPort {
  read(key: string): unknown;
  write(key: string, value: unknown): void;
}
