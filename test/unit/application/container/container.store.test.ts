import 'reflect-metadata';
import { Emitter } from '../../../../src/base/event';
import { ContainerStore } from '../../../../src/application/container/container.store';
import { ContainerPort, ContainerSetup, SetupDevtoolRequest } from '../../../../src/application/ports/container.port';
import { InitStatus, SystemMetrics, SystemPort } from '../../../../src/application/ports/system.port';
import { disconnected } from '../../../../src/domain/connection';
import { FakeConnection } from '../support/fake-connection';

class FakeSystem implements SystemPort {
  readonly init = new Emitter<InitStatus>();
  readonly hibernation = new Emitter<void>();
  readonly onDidReceiveMetrics = new Emitter<SystemMetrics>().event;
  readonly onDidHibernate = this.hibernation.event;
  readonly onDidChangeInitStatus = this.init.event;
  metrics = async (): Promise<SystemMetrics> => {
    throw new Error('not used');
  };
  hibernate = async () => undefined;
  update = async () => undefined;
}

class FakeContainer implements ContainerPort {
  readonly devtool = new Emitter<SetupDevtoolRequest>();
  readonly onDidRequestSetupDevtool = this.devtool.event;
  readonly setups: ContainerSetup[] = [];
  failWith: string | undefined;
  async setup(setup: ContainerSetup): Promise<unknown> {
    this.setups.push(setup);
    if (this.failWith) throw new Error(this.failWith);
    return {};
  }
}

function setUp() {
  const connection = new FakeConnection();
  const system = new FakeSystem();
  const container = new FakeContainer();
  const errors: string[] = [];
  const store = new ContainerStore(connection, system, container, (m) => errors.push(m));
  return { connection, system, container, errors, store };
}

const initStatus = (message: string, progress: number, isError = false): InitStatus => ({ message, isError, progress, nextProgress: progress + 10 });

describe('ContainerStore', () => {
  it('follows the start-up: preparing, MicroVM started at 55, the workspace\'s own steps on 60-100, started on join', () => {
    const { connection, system, store } = setUp();
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
    const { connection, store } = setUp();
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
    const { connection, system, store } = setUp();
    connection.setStatus({ kind: 'CONNECTING' });
    system.init.fire(initStatus('Dev container installation failed', 20, true));
    expect(store.state).toEqual({ kind: 'ERROR', message: 'Dev container installation failed' });
    expect([store.progressMessage, store.progress, store.isStarting]).toEqual(['Dev container installation failed', 68, true]);
    connection.join('me');
    expect(store.state).toEqual({ kind: 'READY' });
  });

  it('is hibernated after system/hibernate until the next join', () => {
    const { connection, system, store } = setUp();
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
    const { connection, container, store } = setUp();
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
    const { container, errors, store } = setUp();
    expect(await store.setUpContainer({ templateId: 'node', templateArgs: {} })).toBe(true);
    container.failWith = 'Dev containers are not available in Bullpen yet';
    expect(await store.setUpContainer({ templateId: 'node', templateArgs: {} })).toBe(false);
    expect(errors).toEqual(['Dev containers are not available in Bullpen yet']);
    expect(container.setups).toHaveLength(2);
  });
});
