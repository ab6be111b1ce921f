/**
 * A small semantic-version reader and comparison (semver.org 2.0: MAJOR.MINOR.PATCH[-pre][+build]; build metadata
 * is ignored, a pre-release sorts before its release). Enough for the feature checks of spec 001 §9.
 */
export interface SemVer {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  readonly prerelease: readonly (string | number)[];
}

const PATTERN = /^v?(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;

/** Reads a version; undefined when it is not valid semver. */
export function parseSemVer(text: string): SemVer | undefined {
  const match = PATTERN.exec(text.trim());
  if (!match) return undefined;
  const prerelease = match[4] ? match[4].split('.').map((id) => (/^\d+$/.test(id) ? Number(id) : id)) : [];
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]), prerelease };
}

const sign = (n: number): -1 | 0 | 1 => (n < 0 ? -1 : n > 0 ? 1 : 0);

function compareIdentifiers(a: string | number, b: string | number): -1 | 0 | 1 {
  if (typeof a === 'number' && typeof b === 'number') return sign(a - b);
  if (typeof a === 'number') return -1; // numeric identifiers sort before alphanumeric ones
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** -1, 0 or 1 as `a` is lower than, equal to or higher than `b` in precedence. */
export function compareSemVer(a: SemVer, b: SemVer): -1 | 0 | 1 {
  const core = sign(a.major - b.major) || sign(a.minor - b.minor) || sign(a.patch - b.patch);
  if (core !== 0) return core;
  if (a.prerelease.length === 0 || b.prerelease.length === 0) return sign(b.prerelease.length - a.prerelease.length);
  for (let i = 0; i < Math.max(a.prerelease.length, b.prerelease.length); i++) {
    if (i >= a.prerelease.length) return -1;
    if (i >= b.prerelease.length) return 1;
    const c = compareIdentifiers(a.prerelease[i]!, b.prerelease[i]!);
    if (c !== 0) return c;
  }
  return 0;
}

/** Whether `version` is at least `minimum`; false when either is not valid semver. */
export function satisfiesMinimum(version: string, minimum: string): boolean {
  const v = parseSemVer(version);
  const m = parseSemVer(minimum);
  return v !== undefined && m !== undefined && compareSemVer(v, m) >= 0;
}
