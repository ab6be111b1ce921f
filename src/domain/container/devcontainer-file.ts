import { Result, err, ok } from '../../base/result';
import { parseJsonc } from '../task/jsonc';
import { DEV_CONTAINER_CONFIG_PATH, DevContainerConfig, FeatureOptions, LIFECYCLE_COMMANDS, LifecycleCommand } from './devcontainer-config';

const isMap = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isWords = (value: unknown): value is string[] => Array.isArray(value) && value.every((word) => typeof word === 'string');
const isCommand = (value: unknown): value is string | string[] => typeof value === 'string' || isWords(value);

/** The name a configuration without one gets. */
export const UNNAMED_DEV_CONTAINER = 'Dev Container';

/**
 * Reads `.devcontainer/devcontainer.json` as the dev container tools do (comments and trailing commas allowed): the
 * fields Bullpen acts on (name, image, features, onCreateCommand, updateContentCommand, postCreateCommand) must have
 * their documented types; every other field is left alone. The error says what cannot be used.
 */
export function readDevContainerFile(text: string): Result<DevContainerConfig, string> {
  const parsed = parseJsonc(text);
  if (!parsed.ok) return err(`${DEV_CONTAINER_CONFIG_PATH} is not valid JSON: ${parsed.error.message} at line ${parsed.error.line}, column ${parsed.error.column}`);
  const json = parsed.value;
  if (!isMap(json)) return err(`${DEV_CONTAINER_CONFIG_PATH} must hold an object`);
  const invalid = (field: string, expected: string) => err(`${DEV_CONTAINER_CONFIG_PATH}: "${field}" must be ${expected}`);
  const config: { -readonly [K in keyof DevContainerConfig]: DevContainerConfig[K] } = { name: UNNAMED_DEV_CONTAINER };
  if (json.name !== undefined) {
    if (typeof json.name !== 'string') return invalid('name', 'a string');
    config.name = json.name;
  }
  if (json.image !== undefined) {
    if (typeof json.image !== 'string') return invalid('image', 'a string');
    config.image = json.image;
  }
  if (json.features !== undefined) {
    if (!isMap(json.features)) return invalid('features', 'an object of feature ids and their options');
    const features: Record<string, FeatureOptions> = {};
    for (const [id, options] of Object.entries(json.features)) {
      // A feature may be given as a version string ("ghcr.io/…/node:1": "lts"): no options Bullpen looks at.
      if (isMap(options)) features[id] = Object.fromEntries(Object.entries(options).filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v))) as FeatureOptions;
      else features[id] = {};
    }
    config.features = features;
  }
  for (const name of LIFECYCLE_COMMANDS) {
    const command = json[name];
    if (command === undefined) continue;
    const usable = isCommand(command) || (isMap(command) && Object.values(command).every(isCommand));
    if (!usable) return invalid(name, 'a string, an array of strings or an object of them');
    config[name] = command as LifecycleCommand;
  }
  return ok(config);
}
