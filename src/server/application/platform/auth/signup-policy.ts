/** BULLPEN_SIGNUP: who may make an account with a password or a provider (ADR 0023). */
export type SignupPolicy = 'invite' | 'open' | 'closed';

export type SignupDecision = 'allowed' | 'closed' | 'invite-only';

/**
 * Whether someone with this e-mail may sign up: 'open' lets anyone, 'closed' nobody (the owner makes accounts), and
 * 'invite' (the default) those a team has invited by e-mail.
 */
export function signupDecision(policy: SignupPolicy, invited: boolean): SignupDecision {
  if (policy === 'open') return 'allowed';
  if (policy === 'closed') return 'closed';
  return invited ? 'allowed' : 'invite-only';
}
