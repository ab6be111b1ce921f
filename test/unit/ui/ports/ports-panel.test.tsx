/** @jest-environment jsdom */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { PreviewStore } from '../../../../src/application/port/preview.store';
import { LayoutStore } from '../../../../src/application/workbench/layout.store';
import { PortsPanel } from '../../../../src/ui/ports/ports-panel';
import { settle } from '../../application/support/fake-shells';
import { renderWithContainer } from '../support/render-with-container';
import { runContainer } from '../support/run-fakes';

const URL_3000 = 'http://sb1-3000.localhost:4000/';

describe('PortsPanel', () => {
  it('says there is no open port, then lists each port as it opens with its address', async () => {
    const { c, fakes } = await runContainer();
    renderWithContainer(<PortsPanel />, c);
    expect(screen.getByText(/No open ports/)).toBeTruthy();

    act(() => fakes.ports.changes.fire([{ port: 5173, url: 'http://sb1-5173.localhost:4000/' }, { port: 3000, url: URL_3000 }]));
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-port'))).toEqual(['3000', '5173']);
    expect(within(rows[0]).getByRole('link', { name: URL_3000 }).getAttribute('target')).toBe('_blank');
    // The task whose preview port it is.
    expect(within(rows[0]).getByText('Web server')).toBeTruthy();
  });

  it('opens a port in the preview pane, and links it for a new tab with the preview token', async () => {
    const { c, fakes } = await runContainer();
    fakes.ports.open = [{ port: 3000, url: URL_3000 }];
    act(() => fakes.ports.changes.fire(fakes.ports.open));
    renderWithContainer(<PortsPanel />, c);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Open port 3000 in the preview' }));
      await settle();
    });
    expect(c.get(LayoutStore).layout.previewVisible).toBe(true);
    expect(c.get(PreviewStore).src).toBe(`${URL_3000}?preview_token=tok1`);
    expect(screen.getByRole('link', { name: 'Open port 3000 in a new tab' }).getAttribute('href')).toBe(`${URL_3000}?preview_token=tok1`);
  });
});
