import 'reflect-metadata';
import { DocumentSession } from '../../../../src/application/editor/document-session';
import { EditorStore } from '../../../../src/application/editor/editor.store';
import { PreferencesPort } from '../../../../src/application/ports/preferences.port';
import { AutoSave } from '../../../../src/application/settings/auto-save';
import { EditorConfigStore } from '../../../../src/application/settings/editorconfig.store';
import { FormatOnSave } from '../../../../src/application/settings/format-on-save';
import { SETTINGS_PREFERENCE_KEY, SettingsStore } from '../../../../src/application/settings/settings.store';
import { Emitter } from '../../../../src/base/event';
import { EditorSettings } from '../../../../src/domain/settings/editor-settings';

/**
 * What AutoSave uses of the EditorStore: its open files, local edits and `save`, which (like EditorStore.save) runs
 * the save participant (format on save) before saving.
 */
class FakeEditor {
  readonly edits = new Emitter<{ fileId: string }>();
  readonly onDidEditLocally = this.edits.event;
  readonly saved: string[] = [];
  tabs = [{ fileId: 'a', path: 'a.ts' }, { fileId: 'b', path: 'b.ts' }];
  constructor(private readonly formatOnSave: FormatOnSave) {}
  async save(fileId: string): Promise<void> {
    await this.formatOnSave.beforeSave({ fileId, path: `${fileId}.ts`, content: 'x' } as unknown as DocumentSession);
    this.saved.push(fileId);
  }
}

function setUp(settings: Partial<EditorSettings>) {
  const stored = new Map<string, unknown>([[SETTINGS_PREFERENCE_KEY, settings]]);
  const preferences: PreferencesPort = { read: (k) => stored.get(k), write: (k, v) => void stored.set(k, v) };
  const store = new SettingsStore(preferences, { load: async () => undefined });
  const formatted: string[] = [];
  const formatter = { format: async (text: string) => (formatted.push(text), text) };
  const editorConfig = { indentationFor: async () => ({}) } as unknown as EditorConfigStore;
  const formatOnSave = new FormatOnSave(store, editorConfig, formatter, () => undefined);
  const editor = new FakeEditor(formatOnSave);
  const autoSave = new AutoSave(store, editor as unknown as EditorStore, formatOnSave);
  return { store, editor, autoSave, formatted, formatOnSave };
}

/** Runs the timers due in `ms` and the saves they start. */
async function advance(ms: number): Promise<void> {
  await jest.advanceTimersByTimeAsync(ms);
}

describe('AutoSave', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  describe("'afterDelay'", () => {
    it('saves a file the set delay after its last edit, each edit starting the wait again', async () => {
      const { editor, autoSave } = setUp({ autoSave: 'afterDelay', autoSaveDelay: 1000 });
      editor.edits.fire({ fileId: 'a' });
      await advance(600);
      editor.edits.fire({ fileId: 'a' });
      await advance(999);
      expect(editor.saved).toEqual([]);
      await advance(1);
      expect(editor.saved).toEqual(['a']);
      await advance(5000);
      expect(editor.saved).toEqual(['a']);
      autoSave.dispose();
    });

    it('waits for each file on its own', async () => {
      const { editor, autoSave } = setUp({ autoSave: 'afterDelay', autoSaveDelay: 300 });
      editor.edits.fire({ fileId: 'a' });
      await advance(200);
      editor.edits.fire({ fileId: 'b' });
      await advance(100);
      expect(editor.saved).toEqual(['a']);
      await advance(200);
      expect(editor.saved).toEqual(['a', 'b']);
      autoSave.dispose();
    });

    it('uses the delay set when the edit is made', async () => {
      const { store, editor, autoSave } = setUp({ autoSave: 'afterDelay' });
      store.update({ autoSaveDelay: 5000 });
      editor.edits.fire({ fileId: 'a' });
      await advance(4999);
      expect(editor.saved).toEqual([]);
      await advance(1);
      expect(editor.saved).toEqual(['a']);
      autoSave.dispose();
    });

    it('does not format these saves, while other saves still format', async () => {
      const { editor, autoSave, formatted, formatOnSave } = setUp({ autoSave: 'afterDelay', formatOnSave: true });
      editor.edits.fire({ fileId: 'a' });
      await advance(1000);
      expect(editor.saved).toEqual(['a']);
      expect(formatted).toEqual([]);
      await formatOnSave.beforeSave({ fileId: 'a', path: 'a.ts', content: 'x' } as unknown as DocumentSession);
      expect(formatted).toEqual(['x']);
      autoSave.dispose();
    });

    it('drops the waiting saves when autosave is switched to another mode, and does not save on focus change', async () => {
      const { store, editor, autoSave } = setUp({ autoSave: 'afterDelay' });
      editor.edits.fire({ fileId: 'a' });
      await autoSave.focusChanged();
      expect(editor.saved).toEqual([]);
      store.update({ autoSave: 'off' });
      await advance(2000);
      expect(editor.saved).toEqual([]);
      autoSave.dispose();
    });

    it('stops with dispose', async () => {
      const { editor, autoSave } = setUp({ autoSave: 'afterDelay' });
      editor.edits.fire({ fileId: 'a' });
      autoSave.dispose();
      editor.edits.fire({ fileId: 'b' });
      await advance(2000);
      expect(editor.saved).toEqual([]);
    });
  });

  it("'onFocusChange' saves every open file when focus leaves, and never after a delay", async () => {
    const { editor, autoSave, formatted } = setUp({ autoSave: 'onFocusChange' });
    editor.edits.fire({ fileId: 'a' });
    await advance(5000);
    expect(editor.saved).toEqual([]);
    await autoSave.focusChanged();
    expect(editor.saved.sort()).toEqual(['a', 'b']);
    expect(formatted).toHaveLength(2);
    autoSave.dispose();
  });

  it("'off' saves neither way", async () => {
    const { editor, autoSave } = setUp({ autoSave: 'off' });
    editor.edits.fire({ fileId: 'a' });
    await advance(5000);
    await autoSave.focusChanged();
    expect(editor.saved).toEqual([]);
    autoSave.dispose();
  });
});
