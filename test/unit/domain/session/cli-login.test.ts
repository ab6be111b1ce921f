import { CLI_LOGIN_WINDOW_CLOSED, CliLoginEvent, CliLoginState, cliLoginTransition, parseCliTokenMessage } from '../../../../src/domain/session/cli-login';

const run = (...events: CliLoginEvent[]) => {
  let at: { login: CliLoginState; effects: readonly unknown[] } = { login: { step: 'idle' }, effects: [] };
  const effects: unknown[] = [];
  for (const event of events) {
    at = cliLoginTransition(at.login, event);
    effects.push(...at.effects);
  }
  return { login: at.login, effects };
};

describe('cliLoginTransition (spec 000 §4 "Command-line login")', () => {
  it('1–5: opens a login window, waits for CLI_TOKEN, verifies it, stores the dev token, authenticates', () => {
    expect(run({ type: 'start' })).toEqual({ login: { step: 'waiting-for-token' }, effects: [{ kind: 'open-login-window' }] });
    expect(run({ type: 'start' }, { type: 'token-received', token: 'one-time' })).toEqual({
      login: { step: 'verifying' },
      effects: [{ kind: 'open-login-window' }, { kind: 'close-login-window' }, { kind: 'verify-token', token: 'one-time' }],
    });
    const done = run({ type: 'start' }, { type: 'token-received', token: 'one-time' }, { type: 'verified', devToken: 'bp_dev' }, { type: 'authenticated' });
    expect(done.login).toEqual({ step: 'done' });
    expect(done.effects.slice(3)).toEqual([{ kind: 'store-dev-token', devToken: 'bp_dev' }, { kind: 'authenticate' }]);
  });

  it('a failed verification or authentication ends it with the message; it can start again', () => {
    const failed = run({ type: 'start' }, { type: 'token-received', token: 't' }, { type: 'verify-failed', message: 'Token already used' });
    expect(failed.login).toEqual({ step: 'failed', message: 'Token already used' });
    expect(cliLoginTransition(failed.login, { type: 'start' }).login).toEqual({ step: 'waiting-for-token' });
    expect(
      run(
        { type: 'start' },
        { type: 'token-received', token: 't' },
        { type: 'verified', devToken: 'd' },
        { type: 'authenticate-failed', message: 'Unauthorized' },
      ).login,
    ).toEqual({
      step: 'failed',
      message: 'Unauthorized',
    });
  });

  it('the window closed before a token: failed; a token out of turn or empty is ignored', () => {
    expect(run({ type: 'start' }, { type: 'window-closed' }).login).toEqual({ step: 'failed', message: CLI_LOGIN_WINDOW_CLOSED });
    expect(run({ type: 'token-received', token: 't' }).login).toEqual({ step: 'idle' });
    expect(run({ type: 'start' }, { type: 'token-received', token: '' }).login).toEqual({ step: 'waiting-for-token' });
    expect(run({ type: 'start' }, { type: 'token-received', token: 't' }, { type: 'window-closed' }).login).toEqual({ step: 'verifying' });
  });
});

describe('parseCliTokenMessage', () => {
  it('reads {type: CLI_TOKEN, token} and nothing else', () => {
    expect(parseCliTokenMessage({ type: 'CLI_TOKEN', token: 'abc' })).toBe('abc');
    expect(parseCliTokenMessage({ type: 'signin' })).toBeUndefined();
    expect(parseCliTokenMessage({ type: 'CLI_TOKEN', token: 3 })).toBeUndefined();
    expect(parseCliTokenMessage('CLI_TOKEN')).toBeUndefined();
    expect(parseCliTokenMessage(null)).toBeUndefined();
  });
});
