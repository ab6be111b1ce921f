/** @jest-environment jsdom */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { CollaboratorAvatars } from '../../../../src/ui/workbench/collaborator-avatars';
import { FollowFrame } from '../../../../src/ui/presence/follow-frame';
import { AVATAR_FALLBACK_DELAY_MS } from '../../../../src/domain/presence/avatar';
import { joinedWorkspace } from '../../application/presence/workspace-fakes';
import { renderWithContainer } from '../support/render-with-container';

async function setUp() {
  const workspace = await joinedWorkspace();
  workspace.collaborators.upsert({ clientId: 'cat', username: 'cat', name: 'cat', color: '#0000ff', avatarUrl: 'https://example.invalid/cat.png' });
  renderWithContainer(
    <>
      <CollaboratorAvatars />
      <FollowFrame />
    </>,
    workspace.container,
  );
  return workspace;
}

const item = (clientId: string) => document.querySelector(`[data-testid=collaborators] li[data-client-id=${clientId}]`) as HTMLElement;

afterEach(() => jest.useRealTimers());

describe('CollaboratorAvatars', () => {
  it("shows everyone in their colour with their initial, 'A' for a user without a name, and marks you", async () => {
    await setUp();
    expect(item('me').getAttribute('title')).toBe('Me Myself (you)');
    expect(item('me').textContent).toBe('M');
    expect(item('ann').textContent).toBe('A');
    expect(item('bob').textContent).toBe('A');
    expect(item('bob').getAttribute('title')).toMatch(/^Anonymous · /);
    expect((item('ann').querySelector('.bp-avatar-face') as HTMLElement).style.backgroundColor).toBe('rgb(255, 0, 0)');
    expect(within(item('me')).queryByRole('button')).toBeNull(); // following yourself is not offered
  });

  it(`shows the image once it loaded, else the initial after ${AVATAR_FALLBACK_DELAY_MS} ms`, async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] });
    await setUp();
    const face = () => item('cat').querySelector('.bp-avatar-face') as HTMLElement;
    expect(face().getAttribute('data-face')).toBe('blank');
    expect(item('cat').textContent).toBe('');
    act(() => void jest.advanceTimersByTime(AVATAR_FALLBACK_DELAY_MS - 1));
    expect(item('cat').textContent).toBe('');
    act(() => void jest.advanceTimersByTime(1));
    expect(face().getAttribute('data-face')).toBe('initial');
    expect(item('cat').textContent).toBe('C');
    fireEvent.load(item('cat').querySelector('img')!);
    expect(face().getAttribute('data-face')).toBe('image');
    expect(item('cat').textContent).toBe('');
  });

  it('falls back to the initial when the image fails', async () => {
    await setUp();
    fireEvent.error(item('cat').querySelector('img')!);
    expect(item('cat').textContent).toBe('C');
    expect(item('cat').querySelector('img')).toBeNull();
  });

  it('follows on click, frames the page in their colour, and unfollows on a second click', async () => {
    const { presence } = await setUp();
    const ann = screen.getByRole('button', { name: 'Follow Ann' });
    fireEvent.click(ann);
    expect(presence.following).toEqual({ kind: 'FOLLOWING', clientId: 'ann' });
    expect(ann.getAttribute('aria-pressed')).toBe('true');
    const frame = screen.getByTestId('follow-frame');
    expect(frame.style.borderColor).toMatch(/^(#ff0000|rgb\(255, 0, 0\))$/);
    expect(frame.textContent).toContain('Following Ann');
    fireEvent.click(screen.getByRole('button', { name: 'Stop following Ann' }));
    expect(presence.following).toEqual({ kind: 'NOT_FOLLOWING' });
    expect(screen.queryByTestId('follow-frame')).toBeNull();
  });

  it("stops following from the frame's button, and shows who follows you", async () => {
    const { channels, follow } = await setUp();
    fireEvent.click(screen.getByRole('button', { name: 'Follow Anonymous' }));
    fireEvent.click(within(screen.getByTestId('follow-frame')).getByRole('button', { name: 'Stop following' }));
    expect(follow.followed).toBeUndefined();
    act(() => channels.from('ann', { type: 'following', target: 'me' }));
    expect(item('ann').getAttribute('data-follower')).toBe('true');
    expect(item('ann').getAttribute('title')).toContain('follows you');
  });

  it('reaches the avatars with the keyboard (they are buttons)', async () => {
    await setUp();
    const buttons = within(screen.getByTestId('collaborators')).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(['Follow Ann', 'Follow Anonymous', 'Follow cat']);
    for (const b of buttons) expect(b.tabIndex).toBe(0);
  });
});
