import { AVATAR_FALLBACK_DELAY_MS, AvatarEvent, avatarFace, avatarInitial, avatarName, avatarTransition, initialAvatarState } from '../../../../src/domain/presence/avatar';

const run = (imageUrl: string | undefined, events: AvatarEvent[]) => avatarFace(events.reduce(avatarTransition, initialAvatarState(imageUrl)));

describe('avatar', () => {
  it("names a user without a name 'Anonymous', with the letter 'A'", () => {
    expect(avatarName(undefined)).toBe('Anonymous');
    expect(avatarName('   ')).toBe('Anonymous');
    expect(avatarInitial('')).toBe('A');
    expect(avatarInitial(undefined)).toBe('A');
  });

  it('shows the first letter of the name, upper-cased', () => {
    expect(avatarName(' ann lee ')).toBe('ann lee');
    expect(avatarInitial('ann')).toBe('A');
    expect(avatarInitial('Guest 4F2A')).toBe('G');
    expect(avatarInitial('élodie')).toBe('É');
    expect(avatarInitial('😀 smile')).toBe('😀');
  });

  it('shows the initial at once when there is no image', () => {
    expect(run(undefined, [])).toBe('initial');
  });

  it('shows only the colour while the image loads, and the image once it loaded', () => {
    expect(run('a.png', [])).toBe('blank');
    expect(run('a.png', [{ type: 'image-loaded' }])).toBe('image');
  });

  it(`falls back to the initial after ${AVATAR_FALLBACK_DELAY_MS} ms without the image, and shows the image if it loads later`, () => {
    expect(AVATAR_FALLBACK_DELAY_MS).toBe(1000);
    expect(run('a.png', [{ type: 'delay-elapsed' }])).toBe('initial');
    expect(run('a.png', [{ type: 'delay-elapsed' }, { type: 'image-loaded' }])).toBe('image');
    expect(run('a.png', [{ type: 'image-loaded' }, { type: 'delay-elapsed' }])).toBe('image');
  });

  it('shows the initial when the image fails to load', () => {
    expect(run('a.png', [{ type: 'image-failed' }])).toBe('initial');
  });

  it('ignores image events of an avatar without an image', () => {
    expect(run(undefined, [{ type: 'image-loaded' }])).toBe('initial');
  });
});
