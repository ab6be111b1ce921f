import { TERMINAL_PROFILES, chooseLoginShell } from '../../../../../src/server/adapters/process/login-shell';

const installed =
  (...names: string[]) =>
  (name: string) =>
    names.includes(name) ? `/usr/bin/${name}` : undefined;

describe('the terminals’ login shell', () => {
  it('is zsh by default (spec 002 §9), then bash, then sh, whichever is installed', () => {
    expect(TERMINAL_PROFILES[0]).toBe('zsh');
    expect(chooseLoginShell(undefined, installed('sh', 'bash', 'zsh'))).toEqual({ path: '/usr/bin/zsh', name: 'zsh' });
    expect(chooseLoginShell(undefined, installed('sh', 'bash'))).toEqual({ path: '/usr/bin/bash', name: 'bash' });
    expect(chooseLoginShell(undefined, installed('sh'))).toEqual({ path: '/usr/bin/sh', name: 'sh' });
    expect(chooseLoginShell(undefined, installed())).toEqual({ path: '/bin/sh', name: 'sh' });
  });

  it('is BULLPEN_SHELL when set: a name is looked up, a path taken as it is', () => {
    expect(chooseLoginShell('bash', installed('bash', 'zsh'))).toEqual({ path: '/usr/bin/bash', name: 'bash' });
    expect(chooseLoginShell('/opt/fish/bin/fish', installed('zsh'))).toEqual({ path: '/opt/fish/bin/fish', name: 'fish' });
    expect(chooseLoginShell(' zsh ', installed('zsh'))).toEqual({ path: '/usr/bin/zsh', name: 'zsh' });
  });

  it('keeps a configured shell that is not installed, so that starting a terminal reports it', () => {
    expect(chooseLoginShell('fish', installed('zsh', 'bash'))).toEqual({ path: 'fish', name: 'fish' });
  });

  it('ignores an empty BULLPEN_SHELL', () => {
    expect(chooseLoginShell('', installed('zsh'))).toEqual({ path: '/usr/bin/zsh', name: 'zsh' });
    expect(chooseLoginShell('  ', installed('bash'))).toEqual({ path: '/usr/bin/bash', name: 'bash' });
  });
});
