import { NetworkRequiredError, chooseNetwork } from '../../../../../src/server/adapters/process/network-choice';

const works = (slirp4netns: boolean) => ({ works: true as const, slirp4netns });
const broken = { works: false as const, reason: 'perl is not installed' };

describe('chooseNetwork', () => {
  it('gives each workspace its own network with a way out when the host can (auto, isolated)', () => {
    for (const mode of ['auto', 'isolated'] as const) {
      for (const beyond of [false, true]) {
        const choice = chooseNetwork(mode, works(true), beyond);
        expect(choice).toMatchObject({ network: 'isolated', internet: true, notice: { level: 'info' } });
        expect(choice.notice.text).toContain('Each workspace has its own network');
      }
    }
  });

  it('keeps the network offline when asked, whether slirp4netns is there or not', () => {
    expect(chooseNetwork('offline', works(true), false)).toMatchObject({ network: 'isolated', internet: false });
    expect(chooseNetwork('offline', works(false), true)).toMatchObject({ network: 'isolated', internet: false });
  });

  it('without slirp4netns: auto shares the network on loopback (with a warning naming what it exposes), goes offline beyond it', () => {
    const local = chooseNetwork('auto', works(false), false);
    expect(local).toMatchObject({ network: 'shared', notice: { level: 'warn' } });
    expect(local.notice.text).toContain("Bullpen's own port, databases, other workspaces' dev servers");
    expect(local.notice.text).toContain('apt-get install slirp4netns');
    const network = chooseNetwork('auto', works(false), true);
    expect(network).toMatchObject({ network: 'isolated', internet: false, notice: { level: 'warn' } });
    expect(network.notice.text).toContain('NO internet access');
  });

  it('refuses to start when a required network cannot be made', () => {
    expect(() => chooseNetwork('isolated', works(false), false)).toThrow(NetworkRequiredError);
    expect(() => chooseNetwork('isolated', broken, false)).toThrow('BULLPEN_SANDBOX_NETWORK=isolated, but perl is not installed');
    expect(() => chooseNetwork('offline', broken, true)).toThrow(NetworkRequiredError);
  });

  it('shares the network when the host cannot make one (auto), or when told to, and says what that exposes', () => {
    const fallback = chooseNetwork('auto', broken, true);
    expect(fallback).toMatchObject({ network: 'shared', notice: { level: 'warn' } });
    expect(fallback.notice.text).toContain('perl is not installed');
    const shared = chooseNetwork('shared', works(true), false);
    expect(shared).toMatchObject({ network: 'shared', notice: { level: 'warn' } });
    expect(shared.notice.text).toContain('BULLPEN_SANDBOX_NETWORK=shared');
  });
});
