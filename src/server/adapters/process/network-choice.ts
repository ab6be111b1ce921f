/**
 * Which network workspace processes get, as a pure decision over BULLPEN_SANDBOX_NETWORK, what the host has and
 * whether Bullpen is reachable beyond loopback (ADR 0013), with the texts people read.
 */

/**
 * BULLPEN_SANDBOX_NETWORK: `auto` (default) gives each workspace its own network namespace when the host can;
 * `isolated` requires it with a way out to the internet; `offline` requires it without one; `shared` keeps the
 * server's network.
 */
export type NetworkMode = 'auto' | 'isolated' | 'offline' | 'shared';
export const NETWORK_MODES: readonly NetworkMode[] = ['auto', 'isolated', 'offline', 'shared'];

/** What the host offers: whether a namespace can be made and joined (bubblewrap, perl, nsenter), and slirp4netns. */
export type NamespaceSupport = { works: true; slirp4netns: boolean } | { works: false; reason: string };

export type NetworkChoice =
  | { network: 'isolated'; internet: boolean; notice: { level: 'info' | 'warn'; text: string } }
  | { network: 'shared'; notice: { level: 'warn'; text: string } };

export class NetworkRequiredError extends Error {}

const SHARED_EXPOSURE =
  "they can reach everything this machine's loopback offers (Bullpen's own port, databases, other workspaces' dev servers)";
const INSTALL_SLIRP = 'install slirp4netns (Debian: apt-get install slirp4netns)';

/** @param beyondLoopback HOST is not a loopback address, or BULLPEN_PUBLIC_URL is set (ADR 0007). */
export function chooseNetwork(mode: NetworkMode, support: NamespaceSupport, beyondLoopback: boolean): NetworkChoice {
  if (mode === 'shared') {
    return { network: 'shared', notice: { level: 'warn', text: `BULLPEN_SANDBOX_NETWORK=shared: workspace processes share the server's network; ${SHARED_EXPOSURE}.` } };
  }
  if (!support.works) {
    if (mode !== 'auto') throw new NetworkRequiredError(`BULLPEN_SANDBOX_NETWORK=${mode}, but ${support.reason}`);
    return {
      network: 'shared',
      notice: { level: 'warn', text: `Workspace processes share the server's network (${support.reason}): ${SHARED_EXPOSURE}.` },
    };
  }
  if (mode === 'offline') {
    return { network: 'isolated', internet: false, notice: { level: 'info', text: 'Each workspace has its own network, without a way out to the internet (BULLPEN_SANDBOX_NETWORK=offline).' } };
  }
  if (support.slirp4netns) {
    return {
      network: 'isolated',
      internet: true,
      notice: { level: 'info', text: "Each workspace has its own network (slirp4netns to the internet, nothing of this machine's loopback)." },
    };
  }
  if (mode === 'isolated') throw new NetworkRequiredError(`BULLPEN_SANDBOX_NETWORK=isolated, but slirp4netns is not installed; ${INSTALL_SLIRP}`);
  if (beyondLoopback) {
    return {
      network: 'isolated',
      internet: false,
      notice: {
        level: 'warn',
        text: `Workspaces have their own network but NO internet access: slirp4netns is not installed. To let them download packages, ${INSTALL_SLIRP}.`,
      },
    };
  }
  return {
    network: 'shared',
    notice: {
      level: 'warn',
      text: `Workspace processes share the server's network because slirp4netns is not installed: ${SHARED_EXPOSURE}. To give each workspace its own network with internet access, ${INSTALL_SLIRP}.`,
    },
  };
}
