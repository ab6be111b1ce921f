import 'reflect-metadata';
import { Emitter } from '../../../../src/base/event';
import { InitStatus, SystemMetrics, SystemPort } from '../../../../src/application/ports/system.port';
import { SystemStore } from '../../../../src/application/system/system.store';
import { ConnectionStore } from '../../../../src/application/workspace/connection.store';
import { FakeConnection } from '../support/fake-connection';

const metrics = (used: number): SystemMetrics => ({
  cpu: { cores: 2, used, configured: 2 },
  memory: { used: 1, total: 4, configured: 4 },
  storage: { used: 1, total: 10, configured: 10 },
});

class FakeSystem implements SystemPort {
  readonly metricsEvents = new Emitter<SystemMetrics>();
  readonly hibernated = new Emitter<void>();
  readonly init = new Emitter<InitStatus>();
  onDidReceiveMetrics = this.metricsEvents.event;
  onDidHibernate = this.hibernated.event;
  onDidChangeInitStatus = this.init.event;
  polls = 0;
  readonly calls: string[] = [];
  metrics = async () => {
    this.polls += 1;
    return metrics(this.polls / 10);
  };
  hibernate = async () => void this.calls.push('hibernate');
  update = async () => void this.calls.push('update');
}

function setUp(version = '0.360.4') {
  const connection = new FakeConnection();
  const connectionStore = new ConnectionStore(connection);
  const port = new FakeSystem();
  const store = new SystemStore(port, connectionStore, () => undefined);
  connection.join('me', version);
  return { connection, port, store };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('SystemStore', () => {
  it('polls metrics every 5 s while watched, and stops when the last watcher leaves', async () => {
    const { port, store } = setUp();
    const a = store.watchMetrics();
    const b = store.watchMetrics();
    await Promise.resolve();
    expect(port.polls).toBe(1);
    jest.advanceTimersByTime(5_000);
    expect(port.polls).toBe(2);
    jest.advanceTimersByTime(10_000);
    expect(port.polls).toBe(4);
    a.dispose();
    a.dispose();
    jest.advanceTimersByTime(5_000);
    expect(port.polls).toBe(5);
    b.dispose();
    jest.advanceTimersByTime(20_000);
    expect(port.polls).toBe(5);
    await Promise.resolve();
    expect(store.metrics?.cpu.used).toBe(0.5);
  });

  it('does not poll while disconnected, nor servers older than the VM metrics feature (0.212.0)', () => {
    const old = setUp('0.211.9');
    old.store.watchMetrics();
    jest.advanceTimersByTime(15_000);
    expect(old.port.polls).toBe(0);
    const { connection, port, store } = setUp();
    connection.setStatus({ kind: 'RECONNECTING', attempt: 1 });
    store.watchMetrics();
    jest.advanceTimersByTime(15_000);
    expect(port.polls).toBe(0);
  });

  it('takes pushed metrics, and marks hibernation until connected again', () => {
    const { connection, port, store } = setUp();
    port.metricsEvents.fire(metrics(1.5));
    expect(store.metrics?.cpu.used).toBe(1.5);
    port.hibernated.fire();
    expect(store.hibernated).toBe(true);
    connection.setStatus({ kind: 'HIBERNATED' });
    connection.setStatus({ kind: 'CONNECTED' });
    expect(store.hibernated).toBe(false);
  });

  it('maps the start-up status onto 60-100% of the progress bar', () => {
    const { port, store } = setUp();
    expect(store.progress).toBeUndefined();
    port.init.fire({ message: 'Installing', isError: false, progress: 50, nextProgress: 60 });
    expect(store.progress).toBe(80);
  });

  it('resyncs the metrics and sends hibernate', async () => {
    const { port, store } = setUp();
    await store.resync();
    expect(store.metrics).toBeDefined();
    await store.hibernate();
    expect(port.calls).toEqual(['hibernate']);
  });
});
