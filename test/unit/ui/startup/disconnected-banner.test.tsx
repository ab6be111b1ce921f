/** @jest-environment jsdom */
import { act, fireEvent, screen } from '@testing-library/react';
import { Container } from 'inversify';
import { ContainerStore } from '../../../../src/application/container/container.store';
import { disconnected } from '../../../../src/domain/connection';
import { DISCONNECTED_UNLOAD_WARNING } from '../../../../src/domain/container/container-state';
import { DisconnectedBanner } from '../../../../src/ui/startup/disconnected-banner';
import { useBeforeUnload } from '../../../../src/ui/startup/use-before-unload';
import { useService } from '../../../../src/ui/di/container-context';
import { containerStore } from '../../application/container/container-fakes';
import { renderWithContainer } from '../support/render-with-container';

function WithUnload() {
  useBeforeUnload(useService(ContainerStore));
  return <DisconnectedBanner />;
}

function setUp() {
  const fakes = containerStore();
  const c = new Container();
  c.bind(ContainerStore).toConstantValue(fakes.store);
  renderWithContainer(<WithUnload />, c);
  act(() => fakes.connection.join('me'));
  return fakes;
}

/** Dispatches beforeunload as the browser does; true when the page asked to stay. */
function leaving(): { prevented: boolean; text: unknown } {
  const event = new Event('beforeunload', { cancelable: true }) as BeforeUnloadEvent;
  // jsdom's Event has a boolean returnValue; a browser's BeforeUnloadEvent keeps the text it is given.
  Object.defineProperty(event, 'returnValue', { value: '', writable: true });
  window.dispatchEvent(event);
  return { prevented: event.defaultPrevented, text: event.returnValue };
}

describe('DisconnectedBanner', () => {
  it('is absent while connected, and leaving is not questioned', () => {
    setUp();
    expect(screen.queryByTestId('disconnected-banner')).toBeNull();
    expect(leaving().prevented).toBe(false);
  });

  it('shows the reconnect progress with Reconnect disabled, then Reconnect once the retries gave up, and goes on reconnect', () => {
    const { connection } = setUp();
    const reconnect = jest.spyOn(connection, 'reconnect');
    act(() => connection.setStatus({ kind: 'RECONNECTING', attempt: 2 }));
    const banner = screen.getByRole('alert');
    expect(banner.textContent).toContain('Reconnecting');
    expect(banner.textContent).toContain('Attempt 2 of 3');
    expect((screen.getByRole('progressbar', { name: 'Reconnect attempts' }) as HTMLProgressElement).value).toBe(2);
    expect((screen.getByRole('button', { name: 'Reconnect' }) as HTMLButtonElement).disabled).toBe(true);

    act(() => connection.setStatus(disconnected('Reconnect timed out', false)));
    expect(screen.getByRole('alert').textContent).toContain('You are disconnected');
    fireEvent.click(screen.getByRole('button', { name: 'Reconnect' }));
    expect(reconnect).toHaveBeenCalledTimes(1);

    act(() => connection.join('me', '0.360.4', true));
    expect(screen.queryByTestId('disconnected-banner')).toBeNull();
  });

  it("asks before unload while disconnected, with the spec's text", () => {
    const { connection } = setUp();
    act(() => connection.setStatus(disconnected('Connection closed', false)));
    expect(leaving()).toEqual({ prevented: true, text: DISCONNECTED_UNLOAD_WARNING });
    expect(DISCONNECTED_UNLOAD_WARNING).toBe('You are disconnected, are you sure you want to reload. You risk loosing changes');
  });

  it('offers a reload for a workspace that was not found', () => {
    const { connection } = setUp();
    act(() => connection.setStatus(disconnected('Workspace not found', true)));
    expect(screen.getByRole('alert').textContent).toContain('the workspace was not found');
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reconnect' })).toBeNull();
  });
});
