import 'reflect-metadata';
import { configure, observable, runInAction } from 'mobx';
import { EditorStore } from '../../../../src/application/editor/editor.store';
import { PortsStore } from '../../../../src/application/port/ports.store';
import { PreviewStore } from '../../../../src/application/port/preview.store';
import { LayoutStore } from '../../../../src/application/workbench/layout.store';
import { EDIT_DELAY_MS } from '../../../../src/domain/preview/edit-delayed';
import { FakePorts, FakePreviewTokens } from '../../ui/support/run-fakes';

configure({ enforceActions: 'observed' });

/** The part of EditorStore the preview watches: the open tabs and each document's version and saved hash. */
function fakeEditor() {
  const docs = observable.map<string, { version: number; savedHash: string }>({ a: { version: 0, savedHash: 'h0' } });
  const editor = observable({ tabs: [{ fileId: 'a', path: 'index.html' }] });
  const view = { get tabs() { return editor.tabs; }, session: (fileId: string) => docs.get(fileId) } as unknown as EditorStore;
  const edit = (fileId = 'a') => runInAction(() => (docs.get(fileId)!.version += 1));
  const save = (fileId = 'a') => runInAction(() => (docs.get(fileId)!.savedHash += '!'));
  const openTab = (fileId: string) =>
    runInAction(() => {
      docs.set(fileId, { version: 5, savedHash: 'x' });
      editor.tabs = [...editor.tabs, { fileId, path: fileId }];
    });
  return { view, edit, save, openTab };
}

async function setUp() {
  jest.useFakeTimers();
  const ports = new PortsStore(new FakePorts());
  ports.setList([{ port: 3000, url: 'http://sb1-3000.localhost:4000/' }]);
  const stored = new Map<string, unknown>();
  const layout = new LayoutStore({ read: (k) => stored.get(k), write: (k, v) => void stored.set(k, v) });
  const editor = fakeEditor();
  const tokens = new FakePreviewTokens();
  const preview = new PreviewStore(ports, layout, editor.view, undefined, tokens);
  preview.open(3000);
  await Promise.resolve();
  await Promise.resolve();
  return { preview, layout, editor, tokens };
}

afterEach(() => jest.useRealTimers());

describe('PreviewStore (edit-delayed)', () => {
  it('reloads 500 ms after a document change, not before', async () => {
    const { preview, editor } = await setUp();
    const before = preview.generation;
    editor.edit();
    jest.advanceTimersByTime(EDIT_DELAY_MS - 1);
    expect(preview.generation).toBe(before);
    jest.advanceTimersByTime(1);
    expect(preview.generation).toBe(before + 1);
  });

  it('reloads once for a burst of changes, 500 ms after the last one', async () => {
    const { preview, editor } = await setUp();
    const before = preview.generation;
    for (let i = 0; i < 5; i++) {
      editor.edit();
      jest.advanceTimersByTime(300);
    }
    expect(preview.generation).toBe(before);
    jest.advanceTimersByTime(200);
    expect(preview.generation).toBe(before + 1);
    jest.advanceTimersByTime(5_000);
    expect(preview.generation).toBe(before + 1);
  });

  it('reloads after a save too, but not when a tab merely opens', async () => {
    const { preview, editor } = await setUp();
    const before = preview.generation;
    editor.openTab('b');
    jest.advanceTimersByTime(1_000);
    expect(preview.generation).toBe(before);
    editor.save();
    jest.advanceTimersByTime(EDIT_DELAY_MS);
    expect(preview.generation).toBe(before + 1);
  });

  it('does nothing while the preview is hidden', async () => {
    const { preview, editor, layout } = await setUp();
    layout.togglePreview();
    const before = preview.generation;
    editor.edit();
    jest.advanceTimersByTime(1_000);
    expect(preview.generation).toBe(before);
  });

  it('fetches a new preview token once the last one is 60 minutes old', async () => {
    const { preview, tokens } = await setUp();
    expect(preview.src).toBe('http://sb1-3000.localhost:4000/?preview_token=tok1');
    jest.advanceTimersByTime(59 * 60_000);
    preview.reload();
    await Promise.resolve();
    expect(tokens.fetched).toBe(1);
    jest.advanceTimersByTime(60_000);
    preview.reload();
    await Promise.resolve();
    await Promise.resolve();
    expect(tokens.fetched).toBe(2);
    expect(preview.src).toBe('http://sb1-3000.localhost:4000/?preview_token=tok2');
  });
});
