/**
 * Retry policies of spec 002 §9 as data: "Initial connect retry: 3 attempts, 500 ms base, 90 s max. Reconnect and
 * seamless switch: 3 attempts, 500 ms base, 10 s max." A phase (initial connect, reconnect, seamless switch) gives up
 * when its attempts have all failed or when `maxMs` has passed since it began, whichever comes first; it then ends
 * with `timeoutMessage` (spec 002 §8: "Timeouts that dispose the connection"). The delay before retry n doubles from
 * `baseDelayMs` and never exceeds `maxMs`.
 */
export interface RetryPolicy {
  readonly phase: ConnectionPhase;
  readonly attempts: number;
  readonly baseDelayMs: number;
  readonly maxMs: number;
  readonly timeoutMessage: string;
}

export type ConnectionPhase = 'initial' | 'reconnect' | 'seamless';

export const INITIAL_CONNECT_POLICY: RetryPolicy = {
  phase: 'initial',
  attempts: 3,
  baseDelayMs: 500,
  maxMs: 90_000,
  timeoutMessage: 'Initial connection timed out',
};

export const RECONNECT_POLICY: RetryPolicy = {
  phase: 'reconnect',
  attempts: 3,
  baseDelayMs: 500,
  maxMs: 10_000,
  timeoutMessage: 'Reconnect timed out',
};

export const SEAMLESS_SWITCH_POLICY: RetryPolicy = {
  phase: 'seamless',
  attempts: 3,
  baseDelayMs: 500,
  maxMs: 10_000,
  timeoutMessage: 'Seamless connection timed out',
};

export const RETRY_POLICIES: Readonly<Record<ConnectionPhase, RetryPolicy>> = {
  initial: INITIAL_CONNECT_POLICY,
  reconnect: RECONNECT_POLICY,
  seamless: SEAMLESS_SWITCH_POLICY,
};

/** Growth of the delay between two attempts. */
export const RETRY_GROWTH_FACTOR = 2;

/** The delay before attempt `attempt` (1-based; the first attempt starts at once): base, 2×base, 4×base … capped at maxMs. */
export function retryDelay(policy: RetryPolicy, attempt: number): number {
  if (attempt <= 1) return 0;
  const grown = policy.baseDelayMs * RETRY_GROWTH_FACTOR ** (attempt - 2);
  return Math.min(grown, policy.maxMs);
}

/** After `failedAttempts` failures, `elapsedMs` into the phase: try again, or give up with the policy's time-out text. */
export type RetryVerdict = { readonly kind: 'retry'; readonly attempt: number; readonly delayMs: number } | { readonly kind: 'give-up'; readonly message: string };

export function retryVerdict(policy: RetryPolicy, failedAttempts: number, elapsedMs: number): RetryVerdict {
  const attempt = failedAttempts + 1;
  if (failedAttempts >= policy.attempts || elapsedMs >= policy.maxMs) return { kind: 'give-up', message: policy.timeoutMessage };
  return { kind: 'retry', attempt, delayMs: retryDelay(policy, attempt) };
}
