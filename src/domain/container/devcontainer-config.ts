/**
 * A dev container's configuration as Bullpen writes and reads `.devcontainer/devcontainer.json`
 * (https://containers.dev/implementors/json_reference/): the fields Bullpen acts on.
 */

/** Where container/setup writes the configuration, relative to the workspace root. */
export const DEV_CONTAINER_DIR = '.devcontainer';
export const DEV_CONTAINER_CONFIG_PATH = '.devcontainer/devcontainer.json';

export type FeatureOptionValue = string | number | boolean;
export type FeatureOptions = Readonly<Record<string, FeatureOptionValue>>;

/**
 * A lifecycle command: a string runs in a shell (`/bin/sh -c`), an array runs the program with its arguments without a
 * shell, an object runs each of its named commands (strings or arrays) at the same time.
 */
export type LifecycleCommand = string | readonly string[] | Readonly<Record<string, string | readonly string[]>>;

/** The lifecycle commands Bullpen runs, in the order the dev container specification runs them after creation. */
export const LIFECYCLE_COMMANDS = ['onCreateCommand', 'updateContentCommand', 'postCreateCommand'] as const;
export type LifecycleCommandName = (typeof LIFECYCLE_COMMANDS)[number];

export interface DevContainerConfig {
  readonly name: string;
  readonly image?: string;
  /** By feature id (`ghcr.io/devcontainers/features/node:1`), the feature's options. */
  readonly features?: Readonly<Record<string, FeatureOptions>>;
  readonly onCreateCommand?: LifecycleCommand;
  readonly updateContentCommand?: LifecycleCommand;
  readonly postCreateCommand?: LifecycleCommand;
}

/** One lifecycle command to run, in order. */
export interface LifecycleStep {
  readonly name: LifecycleCommandName;
  readonly command: LifecycleCommand;
}

/** The lifecycle commands of a configuration that have something to run, in the order they run. */
export function lifecycleSteps(config: DevContainerConfig): LifecycleStep[] {
  const steps: LifecycleStep[] = [];
  for (const name of LIFECYCLE_COMMANDS) {
    const command = config[name];
    if (command !== undefined && !isEmptyCommand(command)) steps.push({ name, command });
  }
  return steps;
}

export function isEmptyCommand(command: LifecycleCommand): boolean {
  if (typeof command === 'string') return command.trim() === '';
  if (isCommandList(command)) return command.length === 0;
  return Object.values(command).every((entry) => isEmptyCommand(entry));
}

export const isCommandList = (command: LifecycleCommand): command is readonly string[] => Array.isArray(command);

/** The file's text: name, image, features, then the lifecycle commands; two-space JSON with a final newline. */
export function serializeDevContainer(config: DevContainerConfig): string {
  const json: Record<string, unknown> = { name: config.name };
  if (config.image !== undefined) json.image = config.image;
  if (config.features !== undefined && Object.keys(config.features).length > 0) json.features = config.features;
  for (const step of lifecycleSteps(config)) json[step.name] = step.command;
  return `${JSON.stringify(json, null, 2)}\n`;
}
