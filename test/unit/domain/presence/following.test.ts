import fc from 'fast-check';
import { INITIAL_PRESENCE, Presence, PresenceEvent, presenceTransition } from '../../../../src/domain/presence/following';

const run = (events: PresenceEvent[], from: Presence = INITIAL_PRESENCE) => events.reduce(presenceTransition, from);
const me: PresenceEvent = { type: 'joined', selfId: 'me' };

describe('following', () => {
  it('follows another client and ignores following yourself', () => {
    expect(run([me, { type: 'follow', clientId: 'ann' }]).following).toEqual({ kind: 'FOLLOWING', clientId: 'ann' });
    expect(run([me, { type: 'follow', clientId: 'me' }]).following).toEqual({ kind: 'NOT_FOLLOWING' });
    expect(run([me, { type: 'follow', clientId: 'ann' }, { type: 'follow', clientId: 'me' }]).following).toEqual({ kind: 'FOLLOWING', clientId: 'ann' });
  });

  it('unfollows when clicking the followed avatar again', () => {
    const following = run([me, { type: 'toggle-follow', clientId: 'ann' }]);
    expect(following.following).toEqual({ kind: 'FOLLOWING', clientId: 'ann' });
    expect(run([{ type: 'toggle-follow', clientId: 'ann' }], following).following).toEqual({ kind: 'NOT_FOLLOWING' });
    expect(run([{ type: 'toggle-follow', clientId: 'bob' }], following).following).toEqual({ kind: 'FOLLOWING', clientId: 'bob' });
  });

  it('unfollows when the followed client starts following you', () => {
    const p = run([me, { type: 'follow', clientId: 'ann' }, { type: 'client-follows', clientId: 'ann', target: 'me' }]);
    expect(p.following).toEqual({ kind: 'NOT_FOLLOWING' });
    expect(p.followers).toEqual({ kind: 'FOLLOWERS', clientIds: ['ann'] });
  });

  it('keeps following when the followed client follows someone else', () => {
    const p = run([me, { type: 'follow', clientId: 'ann' }, { type: 'client-follows', clientId: 'ann', target: 'bob' }]);
    expect(p.following).toEqual({ kind: 'FOLLOWING', clientId: 'ann' });
    expect(p.followers).toEqual({ kind: 'NO_FOLLOWERS' });
  });

  it('tracks followers as they start and stop following, and when they leave', () => {
    const p = run([me, { type: 'client-follows', clientId: 'ann', target: 'me' }, { type: 'client-follows', clientId: 'bob', target: 'me' }]);
    expect(p.followers).toEqual({ kind: 'FOLLOWERS', clientIds: ['ann', 'bob'] });
    expect(run([{ type: 'client-follows', clientId: 'ann', target: undefined }], p).followers).toEqual({ kind: 'FOLLOWERS', clientIds: ['bob'] });
    expect(run([{ type: 'client-left', clientId: 'ann' }, { type: 'client-left', clientId: 'bob' }], p).followers).toEqual({ kind: 'NO_FOLLOWERS' });
  });

  it('stops following on a local edit, when the followed file is hidden, or when the followed client leaves', () => {
    const following = run([me, { type: 'follow', clientId: 'ann' }]);
    for (const event of [{ type: 'local-edit' }, { type: 'followed-file-hidden' }, { type: 'client-left', clientId: 'ann' }] as PresenceEvent[]) {
      expect(presenceTransition(following, event).following).toEqual({ kind: 'NOT_FOLLOWING' });
    }
  });

  it('never follows itself, never lists itself as a follower, never lists a follower twice', () => {
    const ids = fc.constantFrom('me', 'ann', 'bob', 'cy');
    const event: fc.Arbitrary<PresenceEvent> = fc.oneof(
      ids.map((clientId) => ({ type: 'follow', clientId }) as PresenceEvent),
      ids.map((clientId) => ({ type: 'toggle-follow', clientId }) as PresenceEvent),
      fc.tuple(ids, fc.option(ids, { nil: undefined })).map(([clientId, target]) => ({ type: 'client-follows', clientId, target }) as PresenceEvent),
      ids.map((clientId) => ({ type: 'client-left', clientId }) as PresenceEvent),
      fc.constantFrom<PresenceEvent>({ type: 'unfollow' }, { type: 'local-edit' }),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        const p = run([me, ...events]);
        expect(p.following).not.toEqual({ kind: 'FOLLOWING', clientId: 'me' });
        const followers = p.followers.kind === 'FOLLOWERS' ? p.followers.clientIds : [];
        expect(followers).not.toContain('me');
        expect(new Set(followers).size).toBe(followers.length);
        if (p.followers.kind === 'FOLLOWERS') expect(followers.length).toBeGreaterThan(0);
      }),
    );
  });
});
