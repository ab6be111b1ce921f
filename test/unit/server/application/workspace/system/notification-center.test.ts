import { decode } from '@msgpack/msgpack';
import { PitcherErrorCode } from '../../../../../../src/protocol';
import { NotificationCenter } from '../../../../../../src/server/application/workspace/system/notification-center';
import { FakeChannel, fakeSession } from '../../../../../support/server-fakes/fake-shells';

const messages = (channel: FakeChannel) => channel.frames.map((f) => decode(f) as { method: string; params: any });

describe('NotificationCenter', () => {
  function setUp() {
    const channels = [new FakeChannel(), new FakeChannel(), new FakeChannel()];
    const sessions = channels.map((c) => fakeSession(c));
    let ids = 0;
    const center = new NotificationCenter(() => sessions, () => `n-${++ids}`);
    return { channels, sessions, center };
  }

  it('shows a notification with its actions to every client; the first answer wins and the others are dismissed', async () => {
    const { channels, sessions, center } = setUp();
    const { notificationId, response } = center.notify('warning', 'Restart the dev server?', ['Restart', 'Later']);
    for (const c of channels) {
      expect(messages(c)).toEqual([{ method: 'notification/notify', params: { type: 'warning', notificationId, message: 'Restart the dev server?', actions: [{ label: 'Restart' }, { label: 'Later' }] } }]);
    }
    expect(center.respond(sessions[1], notificationId, 'Restart')).toEqual({ ok: true, value: null });
    await expect(response).resolves.toEqual({ clientId: sessions[1].clientId, response: 'Restart' });
    expect(messages(channels[0]).at(-1)).toEqual({ method: 'notification/dismiss', params: { notificationId } });
    expect(messages(channels[2]).at(-1)).toEqual({ method: 'notification/dismiss', params: { notificationId } });
    expect(messages(channels[1])).toHaveLength(1);
    // Settled: a late answer is refused.
    const late = center.respond(sessions[0], notificationId, 'Later');
    expect(late.ok || late.error.code).toBe(PitcherErrorCode.INVALID_ID);
  });

  it('a client that was not asked cannot answer, and a dismissed notification resolves without an answer', async () => {
    const { sessions, center } = setUp();
    const { notificationId, response } = center.notify('info', 'Only for the first', [], [sessions[0]]);
    const refused = center.respond(sessions[1], notificationId, null);
    expect(refused.ok).toBe(false);
    center.dismiss(notificationId);
    await expect(response).resolves.toEqual({ clientId: '', response: null });
  });
});
