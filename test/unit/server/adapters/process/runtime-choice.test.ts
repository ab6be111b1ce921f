import {
  REFUSAL_NOT_INSTALLED,
  REFUSAL_NOT_WORKING,
  SandboxRequiredError,
  chooseRuntime,
} from '../../../../../src/server/adapters/process/runtime-choice';

const works = { works: true } as const;
const missing = { works: false, installed: false, reason: 'bubblewrap (bwrap) is not installed' } as const;
const broken = { works: false, installed: true, reason: '/usr/bin/bwrap does not work here: No permissions to create new namespace' } as const;

describe('chooseRuntime', () => {
  it('sandboxes whenever bubblewrap works, on loopback or beyond', () => {
    expect(chooseRuntime('auto', works, false)).toEqual({ runtime: 'bubblewrap' });
    expect(chooseRuntime('auto', works, true)).toEqual({ runtime: 'bubblewrap' });
    expect(chooseRuntime('bubblewrap', works, true)).toEqual({ runtime: 'bubblewrap' });
  });

  it('runs unsandboxed on loopback without bubblewrap, with one warning that says why and what to install', () => {
    const choice = chooseRuntime('auto', missing, false);
    expect(choice.runtime).toBe('direct');
    expect(choice).toMatchObject({ warning: expect.stringContaining('WITHOUT a sandbox: bubblewrap (bwrap) is not installed') });
    expect(choice).toMatchObject({ warning: expect.stringContaining('apt-get install bubblewrap') });
  });

  it('refuses to start processes beyond loopback without a working bubblewrap', () => {
    expect(chooseRuntime('auto', missing, true)).toMatchObject({ runtime: 'refusing', refusal: REFUSAL_NOT_INSTALLED });
    expect(REFUSAL_NOT_INSTALLED).toBe('Terminals are disabled: Bullpen listens beyond loopback and bubblewrap is not installed; install bubblewrap');
    expect(chooseRuntime('auto', broken, true)).toMatchObject({ runtime: 'refusing', refusal: REFUSAL_NOT_WORKING, warning: expect.stringContaining('No permissions') });
  });

  it('fails the start when bubblewrap is required and does not work', () => {
    expect(() => chooseRuntime('bubblewrap', missing, false)).toThrow(SandboxRequiredError);
    expect(() => chooseRuntime('bubblewrap', broken, false)).toThrow(/BULLPEN_SANDBOX=bubblewrap, but .*No permissions/);
  });

  it('runs unsandboxed when told to, and says what that exposes beyond loopback', () => {
    expect(chooseRuntime('none', works, false)).toMatchObject({ runtime: 'direct', warning: expect.stringContaining('BULLPEN_SANDBOX=none') });
    expect(chooseRuntime('none', works, true)).toMatchObject({ runtime: 'direct', warning: expect.stringContaining('data directory') });
  });
});
