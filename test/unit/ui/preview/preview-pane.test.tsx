/** @jest-environment jsdom */
import { act, fireEvent, screen } from '@testing-library/react';
import { PreviewStore } from '../../../../src/application/port/preview.store';
import { LayoutStore } from '../../../../src/application/workbench/layout.store';
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
});
