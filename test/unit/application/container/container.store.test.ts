import 'reflect-metadata';
import { disconnected } from '../../../../src/domain/connection';
import { containerStore, initStatus } from './container-fakes';

describe('ContainerStore', () => {
  it('follows the start-up: preparing, MicroVM started at 55, the workspace\'s own steps on 60-100, started on join', () => {
    const { connection, system, store } = containerStore();
    expect([store.progressMessage, store.progress, store.isStarting]).toEqual(['Preparing MicroVM...', 0, true]);
    connection.setStatus({ kind: 'CONNECTING' }); // connect(): the host answered
    expect([store.progressMessage, store.progress]).toEqual(['MicroVM started, connecting...', 55]);
    system.init.fire(initStatus('Starting VSCode server...', 50));
    expect([store.progressMessage, store.progress, store.nextProgress]).toEqual(['Starting VSCode server...', 80, 84]);
    connection.join('me');
    expect([store.progressMessage, store.progress, store.isStarting]).toEqual([undefined, 100, false]);
    expect(store.state).toEqual({ kind: 'READY' });
  });

  it('tracks the container state through a lost connection, reconnect attempts and a background retry', () => {
    const { connection, store } = containerStore();
    connection.join('me');
    connection.setStatus({ kind: 'RECONNECTING', attempt: 2 });
    expect(store.state).toEqual({ kind: 'RECONNECTING', attempt: 2 });
    connection.setStatus(disconnected('Reconnect timed out', false));
    expect(store.state).toEqual({ kind: 'DISCONNECTED_RECONNECTING' });
    expect(store.needsUnloadConfirmation).toBe(true);
    connection.setStatus({ kind: 'CONNECTED' });
    expect(store.state).toEqual({ kind: 'READY' });
    connection.setStatus(disconnected('Sandbox not found', false, 4004));
    expect(store.state).toEqual({ kind: 'DISCONNECTED', wasClean: false, wasNotFound: true });
  });

  it('a start-up error puts the container in ERROR with the step\'s message, and a connection brings it back', () => {
    const { connection, system, store } = containerStore();
    connection.setStatus({ kind: 'CONNECTING' });
    system.init.fire(initStatus('Dev container installation failed', 20, true));
    expect(store.state).toEqual({ kind: 'ERROR', message: 'Dev container installation failed' });
    expect([store.progressMessage, store.progress, store.isStarting]).toEqual(['Dev container installation failed', 68, true]);
    connection.join('me');
    expect(store.state).toEqual({ kind: 'READY' });
  });

  it('is hibernated after system/hibernate until the next join', () => {
    const { connection, system, store } = containerStore();
    connection.join('me');
    system.hibernation.fire();
    connection.setStatus({ kind: 'HIBERNATED' });
    expect(store.hibernated).toBe(true);
    expect(store.state).toEqual({ kind: 'DISCONNECTED', wasClean: true, wasNotFound: false });
    connection.setStatus({ kind: 'RECONNECTING', attempt: 1 });
    connection.join('me');
    expect(store.hibernated).toBe(false);
    expect(store.state).toEqual({ kind: 'READY' });
  });

  it('opens the setup devtool when asked by a server that has the feature (0.313.0), until closed', () => {
    const { connection, container, store } = containerStore();
    connection.join('me', '0.313.0');
    container.devtool.fire({ dependencies: ['node'] });
    expect(store.setupDevtool).toEqual({ dependencies: ['node'] });
    store.closeSetupDevtool();
    expect(store.setupDevtool).toBeUndefined();
    connection.join('me', '0.312.9');
    container.devtool.fire({ dependencies: ['node'] });
    expect(store.setupDevtool).toBeUndefined();
  });

  it('sets a dev container up, telling the user why it could not', async () => {
    const { container, errors, store } = containerStore();
    expect(await store.setUpContainer({ templateId: 'node', templateArgs: {} })).toBe(true);
    container.failWith = 'Dev containers are not available in Bullpen yet';
    expect(await store.setUpContainer({ templateId: 'node', templateArgs: {} })).toBe(false);
    expect(errors).toEqual(['Dev containers are not available in Bullpen yet']);
    expect(container.setups).toHaveLength(2);
  });
});
