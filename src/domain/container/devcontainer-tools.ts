import { DevContainerConfig } from './devcontainer-config';
import { featureTools } from './devcontainer-features';

/** The registry of the official dev container images. */
export const OFFICIAL_IMAGES = 'mcr.microsoft.com/devcontainers';

/** What each official image brings that Bullpen can look for on the workspace's PATH, by image name. */
export const IMAGE_TOOLS: Readonly<Record<string, readonly string[]>> = {
  base: ['git'],
  'javascript-node': ['node', 'npm', 'git'],
  'typescript-node': ['node', 'npm', 'git'],
  python: ['python3', 'pip3', 'git'],
  go: ['go', 'git'],
  rust: ['cargo', 'rustc', 'git'],
  java: ['java', 'javac', 'git'],
  universal: ['git', 'node', 'npm', 'python3', 'pip3', 'java', 'go', 'ruby', 'php', 'dotnet', 'gcc'],
};

/** A program the dev container needs, and what needs it (its image or a feature). */
export interface RequiredTool {
  readonly tool: string;
  readonly neededBy: string;
}

export interface DevContainerTools {
  /** In the order of the image, then the features; each tool once (the first that needs it). */
  readonly required: readonly RequiredTool[];
  /** The image and features whose tools Bullpen does not know, so does not check. */
  readonly unchecked: readonly string[];
}

/** The official image's name (`mcr.microsoft.com/devcontainers/python:1-3.12` → `python`), else undefined. */
export function officialImageName(image: string): string | undefined {
  if (!image.startsWith(`${OFFICIAL_IMAGES}/`)) return undefined;
  return image
    .slice(OFFICIAL_IMAGES.length + 1)
    .replace(/@.*$/, '')
    .replace(/:[^/]*$/, '');
}

/**
 * The tools a dev container needs on the workspace's toolchain: what its image brings and what its features install.
 * Bullpen has no container runtime (ADR 0010): these must be installed where the workspace's processes run.
 */
export function requiredTools(config: DevContainerConfig): DevContainerTools {
  const required: RequiredTool[] = [];
  const unchecked: string[] = [];
  const need = (tools: readonly string[], neededBy: string) => {
    for (const tool of tools) if (!required.some((r) => r.tool === tool)) required.push({ tool, neededBy });
  };
  if (config.image !== undefined) {
    const name = officialImageName(config.image);
    const tools = name === undefined ? undefined : IMAGE_TOOLS[name];
    if (tools) need(tools, config.image);
    else unchecked.push(config.image);
  }
  for (const [id, options] of Object.entries(config.features ?? {})) {
    const tools = featureTools(id, options);
    if (tools) need(tools, id);
    else unchecked.push(id);
  }
  return { required, unchecked };
}
