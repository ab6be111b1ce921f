/** @jest-environment jsdom */
import { act, fireEvent, screen } from '@testing-library/react';
import { PreviewStore } from '../../../../src/application/port/preview.store';
import { PreferencesPort } from '../../../../src/application/ports/preferences.port';
import { LAYOUT_PREFERENCE_KEY, LayoutStore } from '../../../../src/application/workbench/layout.store';
import { PreviewPane } from '../../../../src/ui/preview/preview-pane';
import { settle } from '../../application/support/fake-shells';
import { renderWithContainer } from '../support/render-with-container';
import { runContainer } from '../support/run-fakes';

async function setUp() {
  const { c, fakes } = await runContainer();
  fakes.ports.open = [
    { port: 3000, url: 'http://sb1-3000.localhost:4000/' },
    { port: 8080, url: 'http://sb1-8080.localhost:4000/' },
  ];
  act(() => fakes.ports.changes.fire(fakes.ports.open));
  c.get(LayoutStore).togglePreview();
  renderWithContainer(<PreviewPane />, c);
  await act(settle);
  const frame = () => screen.getByTitle(/^Preview of port/) as HTMLIFrameElement;
  return { c, fakes, frame, preview: c.get(PreviewStore) };
}

describe('PreviewPane', () => {
  it("shows the task's preview port in a frame with the preview token, and its origin in the address bar", async () => {
    const { frame } = await setUp();
    expect(frame().getAttribute('src')).toBe('http://sb1-3000.localhost:4000/?preview_token=tok1');
    expect(screen.getByText('http://sb1-3000.localhost:4000')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Preview path' }) as HTMLInputElement).value).toBe('/');
  });

  it('loads the path typed in the address bar on Enter', async () => {
    const { frame } = await setUp();
    const input = screen.getByRole('textbox', { name: 'Preview path' });
    fireEvent.change(input, { target: { value: 'about?x=1' } });
    expect(frame().getAttribute('src')).toBe('http://sb1-3000.localhost:4000/?preview_token=tok1');
    await act(async () => {
      fireEvent.submit(input);
      await settle();
    });
    expect(frame().getAttribute('src')).toBe('http://sb1-3000.localhost:4000/about?x=1&preview_token=tok1');
    expect((screen.getByRole('textbox', { name: 'Preview path' }) as HTMLInputElement).value).toBe('/about?x=1');
  });

  it('loads the frame again on reload, and shows another port picked in the list', async () => {
    const { frame } = await setUp();
    const before = frame();
    fireEvent.click(screen.getByRole('button', { name: 'Reload preview' }));
    await act(settle);
    expect(frame()).not.toBe(before);
    expect(frame().getAttribute('data-generation')).toBe('1');

    fireEvent.change(screen.getByRole('combobox', { name: 'Port' }), { target: { value: '8080' } });
    await act(settle);
    expect(frame().getAttribute('src')).toBe('http://sb1-8080.localhost:4000/?preview_token=tok1');
  });

  it('says so when no port is open', async () => {
    const { fakes } = await setUp();
    act(() => fakes.ports.changes.fire([]));
    expect(screen.getByText(/No open port to preview/)).toBeTruthy();
    expect(screen.queryByTitle(/^Preview of port/)).toBeNull();
  });

  it('resizes with the arrow keys on its sash (Left wider, Right narrower; Shift by 50 px), aria-valuenow following, and saves the width', async () => {
    const { c } = await setUp();
    const sash = () => screen.getByRole('separator', { name: 'Resize preview' });
    const pane = () => screen.getByRole('complementary', { name: 'Preview' });
    expect(sash().getAttribute('aria-orientation')).toBe('vertical');
    expect(sash().tabIndex).toBe(0);
    expect(sash().getAttribute('aria-valuenow')).toBe('480');
    expect(pane().style.width).toBe('480px');
    // The sash is on the pane's left edge: the pane grows towards the left.
    fireEvent.keyDown(sash(), { key: 'ArrowLeft' });
    expect(sash().getAttribute('aria-valuenow')).toBe('490');
    expect(pane().style.width).toBe('490px');
    fireEvent.keyDown(sash(), { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(sash(), { key: 'ArrowRight', shiftKey: true });
    expect(sash().getAttribute('aria-valuenow')).toBe('390');
    expect(pane().style.width).toBe('390px');
    expect(c.get<PreferencesPort>(PreferencesPort).read(LAYOUT_PREFERENCE_KEY)).toMatchObject({ previewWidth: 390 });
    expect(c.get(LayoutStore).layout.previewWidth).toBe(390);
    // Not narrower than 200 px.
    for (let i = 0; i < 10; i++) fireEvent.keyDown(sash(), { key: 'ArrowRight', shiftKey: true });
    expect(sash().getAttribute('aria-valuenow')).toBe('200');
  });
});
