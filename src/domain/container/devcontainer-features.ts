import { FeatureOptions } from './devcontainer-config';

/** The collection of the official features (https://github.com/devcontainers/features). */
export const OFFICIAL_FEATURES = 'ghcr.io/devcontainers/features';

/** What an official feature installs that Bullpen can look for on the workspace's PATH. */
interface KnownFeature {
  /** The major version written when the feature is given by its short name. */
  readonly major: number;
  readonly tools: (options: FeatureOptions) => readonly string[];
}

const isNone = (value: unknown): boolean => String(value ?? '').trim().toLowerCase() === 'none';
const isTrue = (value: unknown): boolean => value === true || String(value).trim().toLowerCase() === 'true';
/** A language feature: its tools unless its `version` option is "none" (the image already has them). */
const language = (major: number, ...tools: string[]): KnownFeature => ({ major, tools: (options) => (isNone(options.version) ? [] : tools) });
const always = (major: number, ...tools: string[]): KnownFeature => ({ major, tools: () => tools });

export const KNOWN_FEATURES: Readonly<Record<string, KnownFeature>> = {
  node: language(1, 'node', 'npm'),
  python: language(1, 'python3', 'pip3'),
  go: language(1, 'go'),
  rust: language(1, 'cargo', 'rustc'),
  java: {
    major: 1,
    tools: (options) => [
      ...(isNone(options.version) ? [] : ['java', 'javac']),
      ...(isTrue(options.installMaven) ? ['mvn'] : []),
      ...(isTrue(options.installGradle) ? ['gradle'] : []),
    ],
  },
  dotnet: language(2, 'dotnet'),
  ruby: language(1, 'ruby'),
  php: language(1, 'php'),
  git: always(1, 'git'),
  'github-cli': always(1, 'gh'),
  'docker-in-docker': always(2, 'docker'),
  'docker-outside-of-docker': always(1, 'docker'),
  'kubectl-helm-minikube': {
    major: 1,
    tools: (options) => [
      ...(isNone(options.version) ? [] : ['kubectl']),
      ...(isNone(options.helm) ? [] : ['helm']),
      ...(isNone(options.minikube) ? [] : ['minikube']),
    ],
  },
  terraform: language(1, 'terraform'),
  'aws-cli': always(1, 'aws'),
  'azure-cli': always(1, 'az'),
  powershell: language(1, 'pwsh'),
  conda: language(1, 'conda'),
  anaconda: language(1, 'conda'),
  hugo: language(1, 'hugo'),
  'common-utils': always(2),
};

/** The short name of an official feature (`ghcr.io/devcontainers/features/node:1` → `node`), else undefined. */
export function officialFeatureName(featureId: string): string | undefined {
  if (!featureId.startsWith(`${OFFICIAL_FEATURES}/`)) return undefined;
  return featureId
    .slice(OFFICIAL_FEATURES.length + 1)
    .replace(/@.*$/, '')
    .replace(/:[^/]*$/, '');
}

/**
 * The id to write for a feature of container/setup: a known short name (`node`) becomes the official id with its major
 * version (`ghcr.io/devcontainers/features/node:1`); an id with a registry or a path is kept as given; another bare
 * name is not a feature Bullpen can name (undefined).
 */
export function featureId(given: string): string | undefined {
  const id = given.trim();
  if (/[/.]/.test(id)) return id;
  const known = KNOWN_FEATURES[id];
  return known ? `${OFFICIAL_FEATURES}/${id}:${known.major}` : undefined;
}

/** The tools a feature installs with these options; undefined when Bullpen does not know the feature. */
export function featureTools(id: string, options: FeatureOptions): readonly string[] | undefined {
  const name = officialFeatureName(id);
  const known = name === undefined ? undefined : KNOWN_FEATURES[name];
  return known?.tools(options);
}
