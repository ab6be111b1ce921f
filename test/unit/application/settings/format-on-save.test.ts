import 'reflect-metadata';
import { DocumentSession } from '../../../../src/application/editor/document-session';
import { FormatterPort } from '../../../../src/application/ports/formatter.port';
import { EditorConfigStore } from '../../../../src/application/settings/editorconfig.store';
import { FormatOnSave } from '../../../../src/application/settings/format-on-save';
import { SettingsStore } from '../../../../src/application/settings/settings.store';
import { unwrap } from '../../../../src/base/result';
import { TextOperation } from '../../../../src/domain/ot/text-operation';

/** Just what FormatOnSave uses of a session: its path, its text, and the edit it applies. */
class FakeSession {
  edits = 0;
  constructor(
    readonly path: string,
    public content: string,
  ) {}
  applyEdit(op: TextOperation): void {
    this.content = unwrap(op.apply(this.content));
    this.edits++;
  }
}

function setUp(formatted: (text: string) => string | Error, settings: Partial<{ formatOnSave: boolean }> = {}) {
  const calls: Array<{ language: string; tabWidth: number; useTabs: boolean }> = [];
  const formatter: FormatterPort = {
    format: async (text, language, options) => {
      calls.push({ language, ...options });
      const result = formatted(text);
      if (result instanceof Error) throw result;
      return result;
    },
  };
  const store = { settings: { formatOnSave: true, tabSize: 2, insertSpaces: true, ...settings } } as unknown as SettingsStore;
  const editorConfig = { indentationFor: async () => ({ insertSpaces: false, indentSize: 4 }) } as unknown as EditorConfigStore;
  const errors: string[] = [];
  return { format: new FormatOnSave(store, editorConfig, formatter, (m) => errors.push(m)), calls, errors };
}

describe('FormatOnSave', () => {
  it('formats with the .editorconfig indentation and applies only the difference as one edit', async () => {
    const { format, calls } = setUp((t) => t.replace('a=1', 'a = 1;'));
    const session = new FakeSession('src/a.ts', 'const a=1\n');
    await format.beforeSave(session as unknown as DocumentSession);
    expect(session.content).toBe('const a = 1;\n');
    expect(session.edits).toBe(1);
    expect(calls).toEqual([{ language: 'typescript', tabWidth: 4, useTabs: true }]);
  });

  it('leaves files alone that are already formatted, of other languages, or when the setting is off', async () => {
    const same = setUp((t) => t);
    const clean = new FakeSession('a.json', '{}\n');
    await same.format.beforeSave(clean as unknown as DocumentSession);
    expect(clean.edits).toBe(0);
    const rust = new FakeSession('main.rs', 'fn main(){}');
    await same.format.beforeSave(rust as unknown as DocumentSession);
    expect(same.calls.map((c) => c.language)).toEqual(['json']);
    const off = setUp(() => 'changed', { formatOnSave: false });
    const kept = new FakeSession('a.css', 'a{}');
    await off.format.beforeSave(kept as unknown as DocumentSession);
    expect(kept.content).toBe('a{}');
    await off.format.format(kept as unknown as DocumentSession);
    expect(kept.content).toBe('changed');
  });

  it('saves unparsable text as it is and says why', async () => {
    const { format, errors } = setUp(() => new Error('Unexpected token (1:7)\n> 1 | const = ;'));
    const session = new FakeSession('x.js', 'const = ;');
    await format.beforeSave(session as unknown as DocumentSession);
    expect(session.content).toBe('const = ;');
    expect(errors).toEqual(['Could not format x.js: Unexpected token (1:7)']);
  });
});
