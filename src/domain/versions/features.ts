import { satisfiesMinimum } from './semver';

/** Minimum workspace-service (pitcher) versions per feature (spec 001 §9). */
export const FEATURE_MINIMUM_VERSIONS = {
  gitBranchOutOfSync: '0.209.11',
  sandboxToRepository: '0.209.9',
  vmMetrics: '0.212.0',
  gitLogsOnProtectedBranches: '0.233.0',
  remoteBranchPresenceDetection: '0.242.0',
  setBranchProtection: '0.248.4',
  shellRename: '0.254.0',
  searchCaseSensitivity: '0.308.6',
  setupEnvDevtool: '0.313.0',
} as const;

export type Feature = keyof typeof FEATURE_MINIMUM_VERSIONS;

/**
 * Spec 002 §6: "Feature checks compare the server version against a per-feature minimum. Browser mode has none."
 * `serverVersion` is the join result's version; browser mode (no workspace service) passes undefined and has no
 * feature. A version that is not valid semver has none either.
 */
export function hasFeature(serverVersion: string | undefined, feature: Feature): boolean {
  return serverVersion !== undefined && satisfiesMinimum(serverVersion, FEATURE_MINIMUM_VERSIONS[feature]);
}

/** Every feature the server version has, for diagnostics and capability views. */
export const featuresOf = (serverVersion: string | undefined): Feature[] =>
  (Object.keys(FEATURE_MINIMUM_VERSIONS) as Feature[]).filter((feature) => hasFeature(serverVersion, feature));
