import { PortError } from '../../../src/application/ports/port-error';
import { PendingRequests } from '../../../src/adapters/pitcher/pending-requests';

/** The pitcher client's waiting requests: ids in wire order, answers, time-outs, failures. */
describe('PendingRequests', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function request(requests: PendingRequests, method: string, timeoutMs = 1_000) {
    const outcome: { value?: unknown; error?: PortError } = {};
    const pending = requests.create(method, { m: method }, timeoutMs, (value) => (outcome.value = value), (error) => (outcome.error = error));
    return { pending, outcome };
  }

  it('numbers requests from 0 in the order they go on the wire, not the order they were made', () => {
    const requests = new PendingRequests();
    const first = request(requests, 'fs/read');
    const second = request(requests, 'file/open');
    expect(requests.sent(second.pending)).toBe(0);
    expect(requests.sent(first.pending)).toBe(1);
    expect(second.pending.id).toBe(0);
  });

  it('settles the answered request by id, once; an unknown or repeated id is ignored', () => {
    const requests = new PendingRequests();
    const a = request(requests, 'fs/read');
    const b = request(requests, 'file/open');
    requests.sent(a.pending);
    requests.sent(b.pending);
    requests.settle(1, { ok: false, error: new PortError('rejected', 'nope', 102) });
    requests.settle(0, { ok: true, value: 'tree' });
    requests.settle(0, { ok: true, value: 'again' });
    requests.settle(7, { ok: true, value: 'stray' });
    expect(a.outcome).toEqual({ value: 'tree' });
    expect(b.outcome.error?.message).toBe('nope');
    jest.advanceTimersByTime(5_000); // settled requests have no time-out left
    expect(a.outcome.error).toBeUndefined();
  });

  it('times a request out wherever it waits: on the wire its late answer is ignored, in the queue it is not flushed', () => {
    const requests = new PendingRequests();
    const onWire = request(requests, 'fs/read', 100);
    const queued = request(requests, 'file/open', 100);
    requests.sent(onWire.pending);
    requests.enqueue(queued.pending);
    jest.advanceTimersByTime(100);
    expect(onWire.outcome.error).toMatchObject({ kind: 'timeout' });
    expect(queued.outcome.error).toMatchObject({ kind: 'timeout' });
    expect(onWire.outcome.error?.message).toContain('fs/read');
    requests.settle(0, { ok: true, value: 'late' });
    expect(onWire.outcome.value).toBeUndefined();
    expect(requests.takeQueued()).toEqual([]);
  });

  it('hands the queue over in call order, once', () => {
    const requests = new PendingRequests();
    const a = request(requests, 'client/list');
    const b = request(requests, 'shell/list');
    requests.enqueue(a.pending);
    requests.enqueue(b.pending);
    expect(requests.takeQueued().map((p) => p.method)).toEqual(['client/list', 'shell/list']);
    expect(requests.takeQueued()).toEqual([]);
  });

  it('fails what is on the wire when the socket closes, and the queue only when asked', () => {
    const requests = new PendingRequests();
    const onWire = request(requests, 'fs/read');
    const queued = request(requests, 'file/open');
    requests.sent(onWire.pending);
    requests.enqueue(queued.pending);
    requests.failAll('Connection closed', false);
    expect(onWire.outcome.error).toMatchObject({ kind: 'disconnected', message: 'Could not complete fs/read: Connection closed' });
    expect(queued.outcome.error).toBeUndefined();
    requests.failAll('Gave up', true);
    expect(queued.outcome.error).toMatchObject({ kind: 'disconnected', message: 'Could not complete file/open: Gave up' });
    jest.advanceTimersByTime(5_000);
    expect(queued.outcome.error?.message).toBe('Could not complete file/open: Gave up'); // no time-out after the failure
  });

  it('fails a request that was never sent with the error given, and stops its time-out', () => {
    const requests = new PendingRequests();
    const a = request(requests, 'file/documentOperation', 100);
    requests.fail(a.pending, new PortError('disconnected', 'Not able to send message in state RECONNECTING'));
    jest.advanceTimersByTime(200);
    expect(a.outcome.error?.message).toBe('Not able to send message in state RECONNECTING');
  });
});
