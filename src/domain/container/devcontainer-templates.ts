import { DevContainerConfig } from './devcontainer-config';

/** The collection of the official templates (https://github.com/devcontainers/templates). */
export const OFFICIAL_TEMPLATES = 'ghcr.io/devcontainers/templates';

export interface TemplateOption {
  readonly type: 'string' | 'boolean';
  readonly description: string;
  /** Used when templateArgs does not name the option. A boolean's default is "true" or "false". */
  readonly default: string;
  /** Suggested values; any string is accepted for a string option, as in the official templates. */
  readonly proposals?: readonly string[];
}

/**
 * A dev container template: its options and its `.devcontainer/devcontainer.json`, whose strings may hold
 * `${templateOption:<name>}` (replaced by the option's argument or default).
 */
export interface DevContainerTemplate {
  /** The short name, the last segment of its id (`javascript-node`). */
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly options: Readonly<Record<string, TemplateOption>>;
  readonly devcontainer: DevContainerConfig;
}

/**
 * Bullpen's addition to every template: the official templates leave postCreateCommand as a commented-out example;
 * Bullpen makes it an option whose default prints the toolchain's versions (an empty argument means none).
 */
const postCreateCommand = (example: string): TemplateOption => ({
  type: 'string',
  description: 'A command run once the dev container is created (postCreateCommand); empty for none. Added by Bullpen.',
  default: example,
});

const imageVariant = (description: string, fallback: string, proposals: readonly string[]): TemplateOption => ({
  type: 'string',
  description,
  default: fallback,
  proposals,
});

const NODE_VARIANTS = ['24-bookworm', '22-bookworm', '20-bookworm', '24-bullseye', '22-bullseye', '20-bullseye'];
const POST_CREATE = '${templateOption:postCreateCommand}';

/**
 * The built-in catalogue: a snapshot of the official templates that run on a workspace's toolchain (their images and
 * options as published; the versions Bullpen knows, not fetched from the registry).
 */
export const DEV_CONTAINER_TEMPLATES: readonly DevContainerTemplate[] = [
  {
    id: 'debian',
    name: 'Debian',
    description: 'Simple Debian container with Git installed.',
    options: {
      imageVariant: imageVariant('Debian version:', 'bookworm', ['bookworm', 'bullseye']),
      postCreateCommand: postCreateCommand('git --version'),
    },
    devcontainer: { name: 'Debian', image: 'mcr.microsoft.com/devcontainers/base:${templateOption:imageVariant}', postCreateCommand: POST_CREATE },
  },
  {
    id: 'ubuntu',
    name: 'Ubuntu',
    description: 'A simple Ubuntu container with Git and other common utilities installed.',
    options: {
      imageVariant: imageVariant('Ubuntu version:', 'noble', ['noble', 'jammy', 'focal']),
      postCreateCommand: postCreateCommand('git --version'),
    },
    devcontainer: { name: 'Ubuntu', image: 'mcr.microsoft.com/devcontainers/base:${templateOption:imageVariant}', postCreateCommand: POST_CREATE },
  },
  {
    id: 'javascript-node',
    name: 'Node.js & JavaScript',
    description: 'Develop Node.js based applications. Includes Node.js, eslint, nvm, and yarn.',
    options: {
      imageVariant: imageVariant('Node.js version:', '22-bookworm', NODE_VARIANTS),
      postCreateCommand: postCreateCommand('node --version && npm --version'),
    },
    devcontainer: {
      name: 'Node.js & JavaScript',
      image: 'mcr.microsoft.com/devcontainers/javascript-node:1-${templateOption:imageVariant}',
      postCreateCommand: POST_CREATE,
    },
  },
  {
    id: 'typescript-node',
    name: 'Node.js & TypeScript',
    description: 'Develop Node.js based applications in TypeScript. Includes Node.js, eslint, nvm, yarn, and the TypeScript compiler.',
    options: {
      imageVariant: imageVariant('Node.js version:', '22-bookworm', NODE_VARIANTS),
      postCreateCommand: postCreateCommand('node --version && npm --version'),
    },
    devcontainer: {
      name: 'Node.js & TypeScript',
      image: 'mcr.microsoft.com/devcontainers/typescript-node:1-${templateOption:imageVariant}',
      postCreateCommand: POST_CREATE,
    },
  },
  {
    id: 'python',
    name: 'Python 3',
    description: 'Develop Python 3 applications.',
    options: {
      imageVariant: imageVariant('Python version:', '3.12-bookworm', ['3-bookworm', '3.13-bookworm', '3.12-bookworm', '3.11-bookworm', '3.10-bookworm', '3-bullseye', '3.12-bullseye', '3.11-bullseye']),
      postCreateCommand: postCreateCommand('python3 --version'),
    },
    devcontainer: { name: 'Python 3', image: 'mcr.microsoft.com/devcontainers/python:1-${templateOption:imageVariant}', postCreateCommand: POST_CREATE },
  },
  {
    id: 'go',
    name: 'Go',
    description: 'Develop Go based applications. Includes appropriate runtime args, Go, common tools, extensions, and dependencies.',
    options: {
      imageVariant: imageVariant('Go version:', '1.23-bookworm', ['1-bookworm', '1.24-bookworm', '1.23-bookworm', '1-bullseye', '1.24-bullseye', '1.23-bullseye']),
      postCreateCommand: postCreateCommand('go version'),
    },
    devcontainer: { name: 'Go', image: 'mcr.microsoft.com/devcontainers/go:1-${templateOption:imageVariant}', postCreateCommand: POST_CREATE },
  },
  {
    id: 'rust',
    name: 'Rust',
    description: 'Develop Rust based applications. Includes appropriate runtime args and everything you need to get up and running.',
    options: {
      imageVariant: imageVariant('Debian OS version:', 'bookworm', ['bookworm', 'bullseye']),
      postCreateCommand: postCreateCommand('rustc --version'),
    },
    devcontainer: { name: 'Rust', image: 'mcr.microsoft.com/devcontainers/rust:1-1-${templateOption:imageVariant}', postCreateCommand: POST_CREATE },
  },
  {
    id: 'java',
    name: 'Java',
    description: 'Develop Java applications. Includes the JDK and Java extensions.',
    options: {
      imageVariant: imageVariant('Java version:', '21-bookworm', ['21-bookworm', '17-bookworm', '11-bookworm', '21-bullseye', '17-bullseye', '11-bullseye']),
      installMaven: { type: 'boolean', description: 'Install Maven, a management tool for Java', default: 'false' },
      installGradle: { type: 'boolean', description: 'Install Gradle, a build automation tool for multi-language software development', default: 'false' },
      postCreateCommand: postCreateCommand('java -version'),
    },
    devcontainer: {
      name: 'Java',
      image: 'mcr.microsoft.com/devcontainers/java:1-${templateOption:imageVariant}',
      features: {
        'ghcr.io/devcontainers/features/java:1': {
          version: 'none',
          installMaven: '${templateOption:installMaven}',
          installGradle: '${templateOption:installGradle}',
        },
      },
      postCreateCommand: POST_CREATE,
    },
  },
  {
    id: 'universal',
    name: 'Default Linux Universal',
    description: 'Use or extend the Ubuntu-based default, large, multi-language universal container for GitHub Codespaces.',
    options: { postCreateCommand: postCreateCommand('uname -a') },
    devcontainer: { name: 'Default Linux Universal', image: 'mcr.microsoft.com/devcontainers/universal:2-linux', postCreateCommand: POST_CREATE },
  },
];

/**
 * The template a container/setup templateId names: its full id (`ghcr.io/devcontainers/templates/python`) or its short
 * name (`python`), either with a version (`:3`, `@sha256:…`), which is not looked at: the catalogue has one version.
 */
export function findTemplate(templateId: string): DevContainerTemplate | undefined {
  const unversioned = templateId.trim().replace(/@.*$/, '').replace(/:[^/]*$/, '');
  const short = unversioned.startsWith(`${OFFICIAL_TEMPLATES}/`) ? unversioned.slice(OFFICIAL_TEMPLATES.length + 1) : unversioned;
  return DEV_CONTAINER_TEMPLATES.find((template) => template.id === short);
}

export const templateIds = (): string[] => DEV_CONTAINER_TEMPLATES.map((template) => template.id);
