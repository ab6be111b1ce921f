/** @jest-environment jsdom */
import { act, fireEvent, screen } from '@testing-library/react';
import { Container } from 'inversify';
import { ContainerStore } from '../../../../src/application/container/container.store';
import { StartUpOverlay } from '../../../../src/ui/startup/start-up-overlay';
import { containerStore, initStatus } from '../../application/container/container-fakes';
import { renderWithContainer } from '../support/render-with-container';

function setUp() {
  const fakes = containerStore();
  const c = new Container();
  c.bind(ContainerStore).toConstantValue(fakes.store);
  renderWithContainer(<StartUpOverlay />, c);
  return fakes;
}

const bar = () => screen.getByRole('progressbar', { name: 'Start-up progress' });

describe('StartUpOverlay', () => {
  it("shows the spec's messages with the 60 % / 55 mapping until the workspace is ready", () => {
    const { connection, system } = setUp();
    expect(screen.getByTestId('startup-message').textContent).toBe('Preparing MicroVM...0%');
    expect(bar().getAttribute('aria-valuenow')).toBe('0');
    act(() => connection.setStatus({ kind: 'CONNECTING' }));
    expect(screen.getByTestId('startup-message').textContent).toBe('MicroVM started, connecting...55%');
    expect(bar().getAttribute('aria-valuenow')).toBe('55');
    act(() => system.init.fire(initStatus('Installing VSCode server...', 50)));
    expect(screen.getByTestId('startup-message').textContent).toBe('Installing VSCode server...80%');
    act(() => connection.join('me'));
    expect(screen.queryByTestId('startup-overlay')).toBeNull();
  });

  it('shows a step that fails before the join as the workspace not starting', () => {
    const { connection, system } = setUp();
    act(() => connection.setStatus({ kind: 'CONNECTING' }));
    act(() => system.init.fire(initStatus('Dev container installation failed', 20, true)));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('The workspace could not start');
  });

  it('shows a step that fails after the start as an error with its output, until put away', () => {
    const { connection, system } = setUp();
    act(() => connection.join('me'));
    act(() => system.init.fire(initStatus('Installing Dev Container...', 25, true, 'npm ERR! missing script')));
    const dialog = screen.getByRole('alertdialog');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('A workspace step failed');
    expect(dialog.textContent).not.toContain('could not start');
    expect(dialog.textContent).toContain('Installing Dev Container...');
    expect(dialog.textContent).toContain('npm ERR! missing script');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to the editor' }));
    expect(screen.queryByTestId('startup-overlay')).toBeNull();
  });
});
