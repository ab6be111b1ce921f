import { ProcListeningSocketsMonitor, SocketTable } from '../../../../../src/server/adapters/proc/listening-sockets-monitor';

const POLL = 250;
const FULL = 1_000;
const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};
const table = (...inodes: number[]): SocketTable => new Map(inodes.map((inode) => [inode, { address: '0.0.0.0', port: 1000 + inode, inode }]));

describe('ProcListeningSocketsMonitor', () => {
  let inodes: number[];
  /** What sockstat says: by default it moves with the listening sockets. */
  let counters: () => string | undefined;
  let tableReads: number;
  let counterReads: number;
  let monitor: ProcListeningSocketsMonitor;

  const create = (read: () => Promise<SocketTable> = async () => (tableReads++, table(...inodes))) =>
    new ProcListeningSocketsMonitor({ pollMs: POLL, read, readCounters: async () => (counterReads++, counters()), fullReadMs: FULL });

  beforeEach(() => {
    jest.useFakeTimers();
    inodes = [1];
    counters = () => `TCP: inuse ${inodes.length}`;
    tableReads = 0;
    counterReads = 0;
    monitor = create();
  });
  afterEach(() => jest.useRealTimers());

  /** Advances one poll interval and lets its reads finish. */
  const tick = async () => {
    jest.advanceTimersByTime(POLL);
    await settle();
  };

  it('polls only while someone listens: one cheap counter read per interval however many listen', async () => {
    await tick();
    expect(counterReads).toBe(0);
    const subscriptions = Array.from({ length: 50 }, () => monitor.subscribe(() => undefined));
    expect(monitor.polling).toBe(true);
    for (let i = 0; i < 3; i++) await tick();
    expect(counterReads).toBe(3);
    expect(tableReads).toBe(1);
    subscriptions.forEach((s) => s.dispose());
    expect(monitor.polling).toBe(false);
    await tick();
    expect(counterReads).toBe(3);
  });

  it('tells each subscriber after its first poll, then only when the set of listening sockets changed', async () => {
    const heard: string[] = [];
    monitor.subscribe(() => heard.push('a'));
    await tick();
    expect(heard).toEqual(['a']);
    await tick();
    await tick();
    expect(heard).toEqual(['a']);
    monitor.subscribe(() => heard.push('b'));
    inodes = [1, 7];
    await tick();
    expect(heard).toEqual(['a', 'a', 'b']);
    inodes = [7];
    await tick();
    expect(heard).toEqual(['a', 'a', 'b', 'a', 'b']);
  });

  it('reads the socket tables only when the counters moved, and at least every FULL_READ_MS', async () => {
    monitor.subscribe(() => undefined);
    await tick();
    const first = tableReads;
    for (let t = POLL; t < FULL; t += POLL) await tick();
    expect(tableReads).toBe(first);
    await tick();
    expect(tableReads).toBe(first + 1);
    inodes = [1, 2];
    await tick();
    expect(tableReads).toBe(first + 2);
  });

  it('finds a new listener the counters did not show (another socket closed meanwhile) within FULL_READ_MS', async () => {
    counters = () => 'TCP: inuse 5';
    const heard: number[] = [];
    monitor.subscribe(() => heard.push(Date.now()));
    await tick();
    const since = Date.now();
    inodes = [1, 9];
    for (let t = 0; t < FULL; t += POLL) await tick();
    expect(heard).toHaveLength(2);
    expect(heard[1] - since).toBeLessThanOrEqual(FULL);
  });

  it('reads the tables at every tick where the counters cannot be read', async () => {
    counters = () => undefined;
    monitor.subscribe(() => undefined);
    for (let i = 0; i < 4; i++) await tick();
    expect(tableReads).toBe(4);
  });

  it('shares a table read within half an interval (the workspaces looking after a change read it once)', async () => {
    monitor.subscribe(() => undefined);
    await tick();
    const before = tableReads;
    await Promise.all([monitor.sockets(), monitor.sockets(), monitor.sockets()]);
    expect(tableReads).toBe(before);
    jest.advanceTimersByTime(POLL / 2 + 1);
    await monitor.sockets();
    expect(tableReads).toBe(before + 1);
  });

  it('keeps a single poll when the last subscriber leaves and a new one comes during a tick', async () => {
    let finish!: () => void;
    monitor = create(() => new Promise<SocketTable>((resolve) => (finish = () => (tableReads++, resolve(table(1))))));
    const first = monitor.subscribe(() => undefined);
    jest.advanceTimersByTime(POLL);
    await settle();
    first.dispose();
    monitor.subscribe(() => undefined);
    finish();
    await settle();
    for (let i = 0; i < 4; i++) {
      jest.advanceTimersByTime(POLL);
      await settle();
      finish();
      await settle();
    }
    expect(counterReads).toBe(5);
  });

  it('watches a workspace in its own network namespace there: its own counters and tables, told only of its changes', async () => {
    // pid 1 is in the server's network, pid 2 in a workspace's own (/proc/2/net).
    const netOf = async (pid: number) => (pid === 2 ? { key: 'net:[2]', procNet: '/proc/2/net' } : { key: 'host', procNet: '/proc/net' });
    const tables: Record<string, number[]> = { '/proc/net': [1], '/proc/2/net': [50] };
    const reads: string[] = [];
    const counterAt: string[] = [];
    monitor = new ProcListeningSocketsMonitor({
      pollMs: POLL,
      read: async (procNet) => (reads.push(procNet), table(...tables[procNet])),
      readCounters: async (procNet) => (counterAt.push(procNet), `TCP: inuse ${tables[procNet].length}`),
      fullReadMs: FULL,
      networkOf: netOf,
    });
    const heard: string[] = [];
    monitor.subscribe(() => heard.push('host'));
    monitor.subscribe(() => heard.push('own'), () => [2]);
    await tick();
    expect(heard.sort()).toEqual(['host', 'own']);
    expect(counterAt.sort()).toEqual(['/proc/2/net', '/proc/net']);
    expect(reads.sort()).toEqual(['/proc/2/net', '/proc/net']);
    heard.length = 0;
    tables['/proc/2/net'] = [50, 51];
    await tick();
    expect(heard).toEqual(['own']);
    tables['/proc/net'] = [1, 2];
    await tick();
    expect(heard).toEqual(['own', 'host']);
    expect((await monitor.sockets({ key: 'net:[2]', procNet: '/proc/2/net' })).has(51)).toBe(true);
  });

  it('watches the server network for a subscriber whose processes are gone', async () => {
    const reads: string[] = [];
    monitor = new ProcListeningSocketsMonitor({
      pollMs: POLL,
      read: async (procNet) => (reads.push(procNet), table(1)),
      readCounters: async () => 'x',
      fullReadMs: FULL,
      networkOf: async () => undefined,
    });
    const heard: number[] = [];
    monitor.subscribe(() => heard.push(1), () => [12345]);
    await tick();
    expect(heard).toEqual([1]);
    expect(reads).toEqual(['/proc/net']);
  });

  it('takes the sockets a workspace network reports instead of reading /proc there (no counter or table read)', async () => {
    const reports = new Map<number, { address: string; port: number; inode: number }>([[50, { address: '127.0.0.1', port: 3000, inode: 50 }]]);
    const reads: string[] = [];
    monitor = new ProcListeningSocketsMonitor({
      pollMs: POLL,
      read: async (procNet) => (reads.push(procNet), table()),
      readCounters: async (procNet) => (reads.push(`counters ${procNet}`), 'x'),
      fullReadMs: FULL,
      networkOf: async () => ({ key: 'net:[2]', procNet: '/proc/2/net' }),
      reported: (network) => (network.key === 'net:[2]' ? reports : undefined),
    });
    const heard: number[] = [];
    monitor.subscribe(() => heard.push(1), () => [2]);
    await tick();
    expect(heard).toEqual([1]);
    await tick();
    expect(heard).toEqual([1]);
    reports.set(51, { address: '::1', port: 5173, inode: 51 });
    await tick();
    expect(heard).toEqual([1, 1]);
    expect(await monitor.sockets({ key: 'net:[2]', procNet: '/proc/2/net' })).toBe(reports);
    expect(reads).toEqual([]);
  });

  it('looks at once when poked (a workspace network reported a change), then keeps its interval', async () => {
    const heard: number[] = [];
    monitor.subscribe(() => heard.push(1));
    await tick();
    expect(heard).toEqual([1]);
    inodes = [1, 3];
    // Past the shared read of the last tick, before the next tick.
    jest.advanceTimersByTime(POLL / 2 + 1);
    monitor.poke();
    await settle();
    expect(heard).toEqual([1, 1]);
    expect(monitor.polling).toBe(true);
    inodes = [3];
    await tick();
    expect(heard).toEqual([1, 1, 1]);
  });
});
