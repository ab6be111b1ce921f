import { Result, err, ok } from '../../base/result';
import {
  DevContainerConfig,
  FeatureOptionValue,
  FeatureOptions,
  LIFECYCLE_COMMANDS,
  LifecycleCommand,
  isCommandList,
  isEmptyCommand,
  serializeDevContainer,
} from './devcontainer-config';
import { featureId } from './devcontainer-features';
import { devContainerScript } from './devcontainer-script';
import { DevContainerTemplate, findTemplate } from './devcontainer-templates';
import { RequiredTool, requiredTools } from './devcontainer-tools';
import { DevContainerError, devContainerErrors } from './devcontainer.errors';

/** container/setup's params as the wire schema lets them through (protocol.md §3 container). */
export interface DevContainerSetupParams {
  readonly templateId: string;
  readonly templateArgs?: unknown;
  readonly features?: ReadonlyArray<{ readonly id: string; readonly options?: unknown }>;
}

export interface DevContainerFeature {
  readonly id: string;
  readonly options: FeatureOptions;
}

/** What container/setup does: the file to write, the task's script, the tools to look for. */
export interface DevContainerSetup {
  readonly template: DevContainerTemplate;
  readonly config: DevContainerConfig;
  /** `.devcontainer/devcontainer.json`'s text. */
  readonly text: string;
  /** The Dev Container task's command. */
  readonly script: string;
  readonly tools: readonly RequiredTool[];
}

const MAX_ARGS = 50;
const MAX_ARG_CHARACTERS = 10_000;
const MAX_FEATURE_OPTIONS = 100;
const PLACEHOLDER = /\$\{templateOption:([^}]*)\}/g;

const isMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);

/**
 * Checks container/setup's params, resolves the template from the catalogue and renders its devcontainer.json:
 * `${templateOption:<name>}` becomes templateArgs' value or the option's default; the given features are added to the
 * template's (a feature the template has too takes the given options); a lifecycle command that renders empty is
 * left out.
 */
export function planDevContainerSetup(params: DevContainerSetupParams): Result<DevContainerSetup, DevContainerError> {
  const args = readTemplateArgs(params.templateArgs);
  if (!args.ok) return args;
  const features = readFeatures(params.features ?? []);
  if (!features.ok) return features;
  const template = findTemplate(params.templateId);
  if (!template) return err(devContainerErrors.unknownTemplate(params.templateId));
  const values = optionValues(template, args.value);
  if (!values.ok) return values;
  const config = renderTemplate(template, values.value, features.value);
  return ok({ template, config, text: serializeDevContainer(config), script: devContainerScript(config), tools: requiredTools(config).required });
}

/** templateArgs: a map of strings (required, as protocol.md §3 has it; `{}` for none). */
function readTemplateArgs(value: unknown): Result<Record<string, string>, DevContainerError> {
  if (!isMap(value)) return err(devContainerErrors.invalidParams('params.templateArgs must be a map of strings'));
  const entries = Object.entries(value);
  if (entries.length > MAX_ARGS) return err(devContainerErrors.invalidParams(`params.templateArgs must have at most ${MAX_ARGS} entries`));
  const out: Record<string, string> = {};
  for (const [key, arg] of entries) {
    const path = `params.templateArgs.${key}`;
    if (typeof arg !== 'string') return err(devContainerErrors.invalidParams(`${path} must be a string`));
    if (arg.length > MAX_ARG_CHARACTERS) return err(devContainerErrors.invalidParams(`${path} must be at most ${MAX_ARG_CHARACTERS} characters`));
    out[key] = arg;
  }
  return ok(out);
}

/** features: each a known short name or a full id, with a map of strings, numbers and booleans; each id once. */
function readFeatures(features: ReadonlyArray<{ id: string; options?: unknown }>): Result<DevContainerFeature[], DevContainerError> {
  const out: DevContainerFeature[] = [];
  for (const [index, feature] of features.entries()) {
    const path = `params.features[${index}]`;
    const id = featureId(feature.id);
    if (id === undefined) return err(devContainerErrors.unknownFeature(feature.id));
    if (out.some((f) => f.id === id)) return err(devContainerErrors.invalidParams(`${path}.id names ${id} a second time`));
    const options = feature.options ?? {};
    if (!isMap(options)) return err(devContainerErrors.invalidParams(`${path}.options must be a map`));
    const entries = Object.entries(options);
    if (entries.length > MAX_FEATURE_OPTIONS) return err(devContainerErrors.invalidParams(`${path}.options must have at most ${MAX_FEATURE_OPTIONS} entries`));
    const read: Record<string, FeatureOptionValue> = {};
    for (const [key, value] of entries) {
      if (!isOptionValue(value)) return err(devContainerErrors.invalidParams(`${path}.options.${key} must be a string, a number or a boolean`));
      read[key] = value;
    }
    out.push({ id, options: read });
  }
  return ok(out);
}

const isOptionValue = (value: unknown): value is FeatureOptionValue =>
  typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value.length <= MAX_ARG_CHARACTERS);

/** Every option's value: the argument, else the default; unknown arguments and booleans other than true/false refused. */
function optionValues(template: DevContainerTemplate, args: Record<string, string>): Result<Record<string, string>, DevContainerError> {
  const names = Object.keys(template.options);
  for (const name of Object.keys(args)) {
    if (!names.includes(name)) return err(devContainerErrors.unknownOption(template.id, name, names));
  }
  const values: Record<string, string> = {};
  for (const [name, option] of Object.entries(template.options)) {
    const value = args[name] ?? option.default;
    if (option.type === 'boolean' && value !== 'true' && value !== 'false') return err(devContainerErrors.invalidBoolean(template.id, name));
    values[name] = value;
  }
  return ok(values);
}

/** The template's devcontainer.json with its options filled in and the features added. */
export function renderTemplate(template: DevContainerTemplate, values: Record<string, string>, features: readonly DevContainerFeature[]): DevContainerConfig {
  const fill = (text: string): string => text.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
  const fillCommand = (command: LifecycleCommand | undefined): LifecycleCommand | undefined => {
    if (command === undefined) return undefined;
    if (typeof command === 'string') return fill(command);
    if (isCommandList(command)) return command.map(fill);
    return Object.fromEntries(Object.entries(command).map(([label, c]) => [label, typeof c === 'string' ? fill(c) : c.map(fill)]));
  };
  const source = template.devcontainer;
  const rendered: Record<string, FeatureOptions> = {};
  for (const [id, options] of Object.entries(source.features ?? {})) {
    rendered[id] = Object.fromEntries(Object.entries(options).map(([key, value]) => [key, typeof value === 'string' ? fill(value) : value]));
  }
  for (const feature of features) rendered[feature.id] = feature.options;
  const config: DevContainerConfig = {
    name: fill(source.name),
    ...(source.image === undefined ? {} : { image: fill(source.image) }),
    ...(Object.keys(rendered).length > 0 ? { features: rendered } : {}),
    onCreateCommand: fillCommand(source.onCreateCommand),
    updateContentCommand: fillCommand(source.updateContentCommand),
    postCreateCommand: fillCommand(source.postCreateCommand),
  };
  return withoutEmptyCommands(config);
}

function withoutEmptyCommands(config: DevContainerConfig): DevContainerConfig {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) {
    if (value === undefined) continue;
    if ((LIFECYCLE_COMMANDS as readonly string[]).includes(key) && isEmptyCommand(value as LifecycleCommand)) continue;
    out[key] = value;
  }
  return out as unknown as DevContainerConfig;
}
