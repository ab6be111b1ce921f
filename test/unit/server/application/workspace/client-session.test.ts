import { CLIENT_TOO_SLOW_CLOSE, ClientSession } from '../../../../../src/server/application/workspace/client-session';
import { FakeChannel, fakeSession } from '../../../../support/server-fakes/fake-shells';

const LIMITS = { hardLimitBytes: 1_000, graceMs: 5_000 };
const notice = { clientId: 'x', reason: 'Disconnect' as const };

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('ClientSession (a client that stays too far behind)', () => {
  it('keeps sending to a client that is above the hard limit for less than the grace period', () => {
    const channel = new FakeChannel();
    const session = fakeSession(channel, LIMITS);
    channel.bufferedBytes = 2_000;

    session.notify('client/disconnected', notice);
    jest.advanceTimersByTime(LIMITS.graceMs - 1);
    session.notify('client/disconnected', notice);

    expect(channel.frames).toHaveLength(2);
    expect(channel.closed).toBeUndefined();
  });

  it('closes the connection of a client that stays above the hard limit for the grace period, and sends it nothing more', () => {
    const channel = new FakeChannel();
    const session = fakeSession(channel, LIMITS);
    channel.bufferedBytes = 2_000;
    session.notify('client/disconnected', notice);
    jest.advanceTimersByTime(LIMITS.graceMs);

    session.notify('client/disconnected', notice);
    session.notify('client/disconnected', notice);

    expect(channel.closed).toEqual({ code: 4008, reason: 'Client too slow' });
    expect(CLIENT_TOO_SLOW_CLOSE).toEqual(channel.closed);
    expect(channel.frames).toHaveLength(1);
  });

  it('starts the grace period over once the client drained', () => {
    const channel = new FakeChannel();
    const session = fakeSession(channel, LIMITS);
    channel.bufferedBytes = 2_000;
    session.notify('client/disconnected', notice);
    jest.advanceTimersByTime(LIMITS.graceMs - 1);
    channel.drainTo(10);
    channel.bufferedBytes = 2_000;
    jest.advanceTimersByTime(10);

    session.notify('client/disconnected', notice);

    expect(channel.closed).toBeUndefined();
    expect(channel.frames).toHaveLength(2);
  });

  it('notifyAll closes only the too-slow client; the others get the notification', () => {
    const slow = new FakeChannel();
    const fast = new FakeChannel();
    const sessions = [fakeSession(slow, LIMITS), fakeSession(fast, LIMITS)];
    slow.bufferedBytes = 2_000;
    ClientSession.notifyAll(sessions, 'client/disconnected', notice);
    jest.advanceTimersByTime(LIMITS.graceMs);

    ClientSession.notifyAll(sessions, 'client/disconnected', notice);

    expect(slow.closed?.code).toBe(4008);
    expect(slow.frames).toHaveLength(1);
    expect(fast.closed).toBeUndefined();
    expect(fast.frames).toHaveLength(2);
  });

  it('counts a channel that cannot tell its buffered bytes as drained', () => {
    const frames: Uint8Array[] = [];
    const session = fakeSession({ send: (frame) => frames.push(frame), close: () => undefined }, LIMITS);
    session.notify('client/disconnected', notice);
    jest.advanceTimersByTime(LIMITS.graceMs * 2);
    session.notify('client/disconnected', notice);
    expect(frames).toHaveLength(2);
  });
});
