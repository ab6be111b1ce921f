import { Emitter } from '../../../../../../src/base/event';
import { ListeningPort } from '../../../../../../src/server/application/ports/listening-ports.port';
import { PortService } from '../../../../../../src/server/application/workspace/port/port-service';
import { WorkspaceContext } from '../../../../../../src/server/application/workspace/workspace-context';

const RESCAN = 5_000;
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

/** A workspace whose shells, listening ports and shared signal the test drives. */
class FakeWorkspace {
  readonly changed = new Emitter<{ shellId: string }>();
  readonly exited = new Emitter<{ shellId: string }>();
  readonly signal = new Emitter<void>();
  running: Array<{ shellId: string; pid: number }> = [];
  listening: ListeningPort[] = [];
  finds = 0;
  subscribed = 0;
  readonly broadcasts: unknown[] = [];

  readonly ctx = {
    sandboxId: 'sbx',
    shells: {
      onDidChangeShell: this.changed.event,
      onDidExit: this.exited.event,
      runningProcesses: () => this.running,
    },
    broadcast: (method: string, params: unknown) => this.broadcasts.push({ method, params }),
    log: () => undefined,
  } as unknown as WorkspaceContext;

  readonly detection = {
    sockets: { find: async () => (this.finds++, this.listening) },
    changes: {
      subscribe: (listener: () => void) => {
        this.subscribed++;
        const sub = this.signal.event(listener);
        return { dispose: () => (this.subscribed--, sub.dispose()) };
      },
    },
    previewUrl: (sandboxId: string, port: number) => `http://${sandboxId}-${port}.localhost/`,
  };
}

describe('PortService with a shared listening-socket signal', () => {
  let fake: FakeWorkspace;
  let service: PortService;

  beforeEach(() => {
    jest.useFakeTimers();
    fake = new FakeWorkspace();
    service = new PortService(fake.ctx, fake.detection, 500, RESCAN);
  });
  afterEach(() => {
    service.dispose();
    jest.useRealTimers();
  });

  const startShell = async () => {
    fake.running = [{ shellId: 's1', pid: 42 }];
    fake.changed.fire({ shellId: 's1' });
    await settle();
  };

  it('looks when a shell starts, then only when the machine\'s listening sockets change, and every RESCAN_MS', async () => {
    await settle();
    const idle = fake.finds;
    await startShell();
    expect(fake.subscribed).toBe(1);
    jest.advanceTimersByTime(RESCAN - 1);
    await settle();
    const afterStart = fake.finds;
    fake.listening = [{ port: 3000, host: '127.0.0.1', rootPid: 42 }];
    fake.signal.fire();
    await settle();
    expect(fake.finds).toBe(afterStart + 1);
    expect(service.list()).toEqual([{ port: 3000, url: 'http://sbx-3000.localhost/' }]);
    expect(fake.broadcasts).toEqual([{ method: 'port/changed', params: { list: [{ port: 3000, url: 'http://sbx-3000.localhost/' }] } }]);
    jest.advanceTimersByTime(RESCAN);
    await settle();
    expect(fake.finds).toBe(afterStart + 2);
    expect(idle).toBe(0);
  });

  it('stops listening to the signal once nothing runs and every port closed', async () => {
    await startShell();
    fake.running = [];
    fake.exited.fire({ shellId: 's1' });
    await settle();
    expect(fake.subscribed).toBe(0);
    const finds = fake.finds;
    jest.advanceTimersByTime(RESCAN * 3);
    await settle();
    expect(fake.finds).toBe(finds);
  });

  it('a signal during a look is not lost: another look follows', async () => {
    await startShell();
    let release!: () => void;
    fake.detection.sockets.find = () => {
      fake.finds++;
      return new Promise<ListeningPort[]>((resolve) => (release = () => resolve(fake.listening)));
    };
    fake.signal.fire();
    await settle();
    const during = fake.finds;
    fake.listening = [{ port: 4000, host: '127.0.0.1', rootPid: 42 }];
    fake.signal.fire();
    release();
    await settle();
    expect(fake.finds).toBe(during + 1);
    release();
    await settle();
    expect(service.list().map((p) => p.port)).toEqual([4000]);
  });
});
