import { err } from '../../../../src/base/result';
import { WorkspaceConnectionPort } from '../../../../src/application/ports/workspace-connection.port';
import { connectionErrors } from '../../../../src/domain/connection/connection.errors';
import { disconnected } from '../../../../src/domain/connection';
import { DISCONNECTED_TEXTS } from '../../../../src/domain/container/disconnected-banner';
import { containerStore, initStatus } from './container-fakes';

describe('ContainerStore: the disconnected banner, Reconnect and the start-up screen', () => {
  it('shows the banner with the reconnect attempt while reconnecting, then a background retry, and none once connected', () => {
    const { connection, store } = containerStore();
    connection.join('me');
    expect(store.banner).toBeUndefined();
    connection.setStatus({ kind: 'RECONNECTING', attempt: 1 });
    expect(store.banner).toMatchObject({ message: DISCONNECTED_TEXTS.reconnecting, attempt: 1, actionEnabled: false });
    connection.setStatus({ kind: 'RECONNECTING', attempt: 2 });
    expect(store.banner?.attempt).toBe(2);
    connection.setStatus(disconnected('Reconnect timed out', false));
    expect(store.banner).toMatchObject({ message: DISCONNECTED_TEXTS.retrying, actionEnabled: true });
    expect(store.needsUnloadConfirmation).toBe(true);
    connection.join('me', '0.360.4', true);
    expect(store.banner).toBeUndefined();
    expect(store.needsUnloadConfirmation).toBe(false);
  });

  it('tells a hibernated workspace apart', () => {
    const { connection, system, store } = containerStore();
    connection.join('me');
    system.hibernation.fire();
    connection.setStatus({ kind: 'HIBERNATED' });
    expect(store.banner?.message).toBe(DISCONNECTED_TEXTS.hibernated);
  });

  it('reconnects on request and tells the user when that is refused', () => {
    const { connection, errors, store } = containerStore();
    const reconnect = jest.spyOn(connection as WorkspaceConnectionPort, 'reconnect');
    store.reconnect();
    expect(reconnect).toHaveBeenCalledTimes(1);
    expect(errors).toEqual([]);
    reconnect.mockReturnValue(err(connectionErrors.alreadyReconnecting()));
    store.reconnect();
    expect(errors).toEqual(['Already reconnecting']);
  });

  it('shows the start-up screen until the join, and a failed step until put away', () => {
    const { connection, system, store } = containerStore();
    expect(store.showsStartUp).toBe(true);
    connection.join('me');
    expect(store.showsStartUp).toBe(false);
    system.init.fire(initStatus('Installing Dev Container...', 30, true, 'npm ERR!'));
    expect(store.showsStartUp).toBe(true);
    store.dismissStartUpFailure();
    expect(store.showsStartUp).toBe(false);
    system.init.fire(initStatus('Starting VSCode server...', 80, true));
    expect(store.showsStartUp).toBe(true);
  });
});
