/**
 * Which runtime runs workspace processes, as a pure decision over the configured mode, whether bubblewrap works
 * and whether Bullpen is reachable beyond loopback (ADR 0010), with the texts people read.
 */

/** BULLPEN_SANDBOX: `auto` (default) sandboxes when bubblewrap works; `bubblewrap` requires it; `none` never sandboxes. */
export type SandboxMode = 'auto' | 'bubblewrap' | 'none';
export const SANDBOX_MODES: readonly SandboxMode[] = ['auto', 'bubblewrap', 'none'];

export type BubblewrapState = { works: true } | { works: false; installed: boolean; reason: string };

export type RuntimeChoice =
  | { runtime: 'bubblewrap' }
  /** Unsandboxed; `warning` is printed once at start. */
  | { runtime: 'direct'; warning: string }
  /** Nothing runs; `refusal` is what every spawn answers, `warning` is printed once at start. */
  | { runtime: 'refusing'; refusal: string; warning: string };

export const REFUSAL_NOT_INSTALLED = 'Terminals are disabled: Bullpen listens beyond loopback and bubblewrap is not installed; install bubblewrap';
export const REFUSAL_NOT_WORKING = 'Terminals are disabled: Bullpen listens beyond loopback and bubblewrap does not work on this host; see the server log';

export class SandboxRequiredError extends Error {}

/**
 * @param beyondLoopback HOST is not a loopback address, or BULLPEN_PUBLIC_URL is set (a proxy makes a loopback
 *   bind public), as for the access secret (ADR 0007).
 */
export function chooseRuntime(mode: SandboxMode, bubblewrap: BubblewrapState, beyondLoopback: boolean): RuntimeChoice {
  if (mode === 'none') {
    const exposure = beyondLoopback
      ? ' Bullpen is reachable beyond loopback: whoever may use it can read the data directory, its secrets and every workspace. Use this only when Bullpen itself runs in a per-user container.'
      : '';
    return { runtime: 'direct', warning: `BULLPEN_SANDBOX=none: workspace processes run without a sandbox, as the server's user.${exposure}` };
  }
  if (bubblewrap.works) return { runtime: 'bubblewrap' };
  if (mode === 'bubblewrap') throw new SandboxRequiredError(`BULLPEN_SANDBOX=bubblewrap, but ${bubblewrap.reason}`);
  if (!beyondLoopback) {
    return {
      runtime: 'direct',
      warning:
        `Workspace processes run WITHOUT a sandbox: ${bubblewrap.reason}. Bullpen listens only on loopback, so this is taken ` +
        "for a local single-user install: terminals, tasks and language servers can read and write whatever the server's user can. " +
        'Install bubblewrap (Debian: apt-get install bubblewrap) to confine each workspace to its own files.',
    };
  }
  return {
    runtime: 'refusing',
    refusal: bubblewrap.installed ? REFUSAL_NOT_WORKING : REFUSAL_NOT_INSTALLED,
    warning:
      `Terminals, tasks, git and language servers are disabled: Bullpen listens beyond loopback and ${bubblewrap.reason}. ` +
      'Install bubblewrap (Debian: apt-get install bubblewrap), or set BULLPEN_SANDBOX=none if Bullpen itself runs in a per-user container.',
  };
}
