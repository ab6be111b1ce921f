import { githubScopes, parsePopupMessage, signInPopupPath } from '../../../../src/domain/session/sign-in-popup';

describe('sign-in popup (spec 000 §5, §7)', () => {
  it('GitHub scopes always include the user e-mail scope', () => {
    expect(githubScopes()).toEqual(['user:email']);
  });
  it("'public_repos' adds public repo, org read and workflow", () => {
    expect(githubScopes('public_repos')).toEqual(['user:email', 'public_repo', 'read:org', 'workflow']);
  });
  it("'private_repos' adds full repo, org read and workflow", () => {
    expect(githubScopes('private_repos')).toEqual(['user:email', 'repo', 'read:org', 'workflow']);
  });
  it('opens /auth/{provider}?version=2, with the scope for GitHub', () => {
    expect(signInPopupPath('github', 'private_repos')).toBe('/auth/github?version=2&scope=user%3Aemail%20repo%20read%3Aorg%20workflow');
    expect(signInPopupPath('google')).toBe('/auth/google?version=2');
    expect(signInPopupPath('apple')).toBe('/auth/apple?version=2');
  });
  it("reads the popup's messages and nothing else", () => {
    expect(parsePopupMessage({ type: 'signin' })).toEqual({ type: 'signin' });
    expect(parsePopupMessage({ type: 'duplicate' })).toEqual({ type: 'duplicate' });
    expect(parsePopupMessage({ type: 'signup', pendingUserId: 'p1' })).toEqual({ type: 'signup', pendingUserId: 'p1' });
    expect(parsePopupMessage({ type: 'signup' })).toBeUndefined();
    expect(parsePopupMessage({ type: 'webpackOk' })).toBeUndefined();
    expect(parsePopupMessage('signin')).toBeUndefined();
    expect(parsePopupMessage(null)).toBeUndefined();
  });
});
