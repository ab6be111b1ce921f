import 'reflect-metadata';
import { configure, observable, runInAction } from 'mobx';
import { EditorStore } from '../../../../src/application/editor/editor.store';
import { PortsStore } from '../../../../src/application/port/ports.store';
import { PreviewStore } from '../../../../src/application/port/preview.store';
import { LayoutStore } from '../../../../src/application/workbench/layout.store';
import { EDIT_DELAY_MS } from '../../../../src/domain/preview/edit-delayed';
import { PreviewSocketsPort } from '../../../../src/application/ports/preview-sockets.port';
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

/** The server's count of websockets open through a preview (a dev server's hot reload keeps one). */
class FakePreviewSockets implements PreviewSocketsPort {
  open = 0;
  fails = false;
  readonly asked: Array<[string, number]> = [];
  async openSockets(sandboxId: string, port: number): Promise<number> {
    this.asked.push([sandboxId, port]);
    if (this.fails) throw new Error('Request failed with status code 404');
    return this.open;
  }
}

async function setUp() {
  jest.useFakeTimers();
  const ports = new PortsStore(new FakePorts());
  ports.setList([{ port: 3000, url: 'http://sb1-3000.localhost:4000/' }]);
  const stored = new Map<string, unknown>();
  const layout = new LayoutStore({ read: (k) => stored.get(k), write: (k, v) => void stored.set(k, v) });
  const editor = fakeEditor();
  const tokens = new FakePreviewTokens();
  const sockets = new FakePreviewSockets();
  const preview = new PreviewStore(ports, layout, editor.view, undefined, tokens, undefined, sockets, () => 'sb1');
  preview.open(3000);
  await Promise.resolve();
  await Promise.resolve();
  return { preview, layout, editor, tokens, sockets };
}

afterEach(() => jest.useRealTimers());

describe('PreviewStore (edit-delayed)', () => {
  it('reloads 500 ms after a document change, not before', async () => {
    const { preview, editor, sockets } = await setUp();
    const before = preview.generation;
    editor.edit();
    await jest.advanceTimersByTimeAsync(EDIT_DELAY_MS - 1);
    expect(preview.generation).toBe(before);
    await jest.advanceTimersByTimeAsync(1);
    expect(preview.generation).toBe(before + 1);
    // The page had no websocket open through the preview: asked once, when the reload was due.
    expect(sockets.asked).toEqual([['sb1', 3000]]);
  });

  it('reloads once for a burst of changes, 500 ms after the last one', async () => {
    const { preview, editor } = await setUp();
    const before = preview.generation;
    for (let i = 0; i < 5; i++) {
      editor.edit();
      await jest.advanceTimersByTimeAsync(300);
    }
    expect(preview.generation).toBe(before);
    await jest.advanceTimersByTimeAsync(200);
    expect(preview.generation).toBe(before + 1);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(preview.generation).toBe(before + 1);
  });

  it('reloads after a save too, but not when a tab merely opens', async () => {
    const { preview, editor } = await setUp();
    const before = preview.generation;
    editor.openTab('b');
    await jest.advanceTimersByTimeAsync(1_000);
    expect(preview.generation).toBe(before);
    editor.save();
    await jest.advanceTimersByTimeAsync(EDIT_DELAY_MS);
    expect(preview.generation).toBe(before + 1);
  });

  it('leaves the page alone after edits and saves while it keeps a websocket open through the preview (hot reload)', async () => {
    const { preview, editor, sockets } = await setUp();
    sockets.open = 1;
    const before = preview.generation;
    editor.edit();
    await jest.advanceTimersByTimeAsync(EDIT_DELAY_MS);
    editor.save();
    await jest.advanceTimersByTimeAsync(EDIT_DELAY_MS);
    expect(sockets.asked).toEqual([['sb1', 3000], ['sb1', 3000]]);
    expect(preview.generation).toBe(before);
    // Its hot reload gone (the dev server stopped, a page without one), the next edit reloads it again.
    sockets.open = 0;
    editor.edit();
    await jest.advanceTimersByTimeAsync(EDIT_DELAY_MS);
    expect(preview.generation).toBe(before + 1);
  });

  it('reloads when the server cannot tell whether the page has a websocket open', async () => {
    const { preview, editor, sockets } = await setUp();
    sockets.fails = true;
    const before = preview.generation;
    editor.edit();
    await jest.advanceTimersByTimeAsync(EDIT_DELAY_MS);
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
