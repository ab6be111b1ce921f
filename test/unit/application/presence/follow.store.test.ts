import { unwrap } from '../../../../src/base/result';
import { FOCUS_SEND_INTERVAL_MS } from '../../../../src/application/presence/follow.store';
import { FOLLOW_AWAY_CHECK_MS } from '../../../../src/domain/presence/following';
import { TextOperation } from '../../../../src/domain/ot/text-operation';
import { joinedWorkspace, settle } from './workspace-fakes';

const focus = (filepath: string, start: number, end: number, currentLine = start) => ({ type: 'focus-file', filepath, visibleLines: { start, end }, currentLine });

beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] }));
afterEach(() => jest.useRealTimers());

describe('FollowStore (follower side)', () => {
  it('follows a collaborator in their colour, and stops on a second click', async () => {
    const { follow } = await joinedWorkspace();
    follow.toggleFollow('ann');
    expect(follow.followed).toEqual({ clientId: 'ann', name: 'Ann', color: '#ff0000' });
    expect(follow.isFollowing('ann')).toBe(true);
    follow.toggleFollow('ann');
    expect(follow.followed).toBeUndefined();
    follow.toggleFollow('bob');
    expect(follow.followed).toEqual({ clientId: 'bob', name: 'Anonymous', color: '#00ff00' });
  });

  it("ignores following yourself", async () => {
    const { follow } = await joinedWorkspace();
    follow.toggleFollow('me');
    expect(follow.followed).toBeUndefined();
  });

  it("opens the followed client's file and gives the editor its lines; others' focus is ignored", async () => {
    const { follow, editor, channels } = await joinedWorkspace();
    follow.toggleFollow('ann');
    channels.from('bob', focus('README.md', 1, 10));
    await settle();
    expect(editor.activeFileId).toBeUndefined();
    channels.from('ann', focus('long.txt', 120, 160, 130));
    await settle();
    expect(editor.activeFileId).toBe('long');
    expect(follow.followedFocus).toEqual({ filepath: 'long.txt', visibleLines: { start: 120, end: 160 }, currentLine: 130 });
    await jest.advanceTimersByTimeAsync(FOLLOW_AWAY_CHECK_MS * 2);
    expect(follow.isFollowing('ann')).toBe(true);
  });

  it(`stops following ${FOLLOW_AWAY_CHECK_MS} ms after the followed file is no longer the one shown`, async () => {
    const { follow, editor, channels } = await joinedWorkspace();
    follow.toggleFollow('ann');
    channels.from('ann', focus('long.txt', 1, 40));
    await settle();
    await editor.open('readme'); // the user looks at another file
    await jest.advanceTimersByTimeAsync(FOLLOW_AWAY_CHECK_MS - 50);
    expect(follow.isFollowing('ann')).toBe(true);
    await jest.advanceTimersByTimeAsync(100);
    expect(follow.isFollowing('ann')).toBe(false);
  });

  it('keeps following when the user comes back to the followed file within the check delay', async () => {
    const { follow, editor, channels } = await joinedWorkspace();
    follow.toggleFollow('ann');
    channels.from('ann', focus('long.txt', 1, 40));
    await settle();
    await editor.open('readme');
    await jest.advanceTimersByTimeAsync(FOLLOW_AWAY_CHECK_MS / 2);
    editor.activate('long');
    await jest.advanceTimersByTimeAsync(FOLLOW_AWAY_CHECK_MS * 2);
    expect(follow.isFollowing('ann')).toBe(true);
  });

  it('stops following when the followed file cannot be shown here', async () => {
    const { follow, channels } = await joinedWorkspace();
    follow.toggleFollow('ann');
    channels.from('ann', focus('not/here.ts', 1, 40));
    await settle();
    await jest.advanceTimersByTimeAsync(FOLLOW_AWAY_CHECK_MS + 10);
    expect(follow.isFollowing('ann')).toBe(false);
  });

  it('stops following on a local edit', async () => {
    const { follow, editor, channels } = await joinedWorkspace();
    follow.toggleFollow('ann');
    channels.from('ann', focus('README.md', 1, 1));
    await settle();
    expect(follow.isFollowing('ann')).toBe(true);
    editor.active!.applyLocal(unwrap(TextOperation.fromJSON(['x', 4])));
    expect(follow.isFollowing('ann')).toBe(false);
  });
});

describe('FollowStore (followed side)', () => {
  it('sends nothing without followers, and its focus at once to a new follower', async () => {
    const { follow, channels } = await joinedWorkspace();
    follow.reportFocus({ filepath: 'README.md', visibleLines: { start: 1, end: 30 }, currentLine: 2 });
    await jest.advanceTimersByTimeAsync(FOCUS_SEND_INTERVAL_MS * 2);
    expect(channels.focusSent()).toEqual([]);
    channels.from('bob', { type: 'following', target: 'me' });
    await settle();
    expect(follow.isFollowedBy('bob')).toBe(true);
    expect(channels.focusSent()).toEqual([{ data: focus('README.md', 1, 30, 2), clients: ['bob'] }]);
  });

  it(`sends changes at most every ${FOCUS_SEND_INTERVAL_MS} ms, the last one always, and nothing unchanged`, async () => {
    const { follow, channels } = await joinedWorkspace();
    channels.from('bob', { type: 'following', target: 'me' });
    await settle();
    follow.reportFocus({ filepath: 'long.txt', visibleLines: { start: 1, end: 30 }, currentLine: 1 });
    await jest.advanceTimersByTimeAsync(FOCUS_SEND_INTERVAL_MS + 1);
    for (let start = 2; start <= 50; start++) follow.reportFocus({ filepath: 'long.txt', visibleLines: { start, end: start + 29 }, currentLine: 1 });
    await jest.advanceTimersByTimeAsync(FOCUS_SEND_INTERVAL_MS + 1);
    follow.reportFocus({ filepath: 'long.txt', visibleLines: { start: 50, end: 79 }, currentLine: 1 });
    await jest.advanceTimersByTimeAsync(FOCUS_SEND_INTERVAL_MS + 1);
    expect(channels.focusSent()).toEqual([
      { data: focus('long.txt', 1, 30, 1), clients: ['bob'] },
      { data: focus('long.txt', 50, 79, 1), clients: ['bob'] },
    ]);
  });
});
