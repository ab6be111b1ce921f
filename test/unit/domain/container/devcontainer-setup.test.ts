import { DevContainerSetupParams, planDevContainerSetup } from '../../../../src/domain/container/devcontainer-setup';
import { DEV_CONTAINER_TEMPLATES, findTemplate } from '../../../../src/domain/container/devcontainer-templates';
import { featureId } from '../../../../src/domain/container/devcontainer-features';
import { requiredTools } from '../../../../src/domain/container/devcontainer-tools';
import { lifecycleSteps, serializeDevContainer } from '../../../../src/domain/container/devcontainer-config';

const plan = (params: DevContainerSetupParams) => planDevContainerSetup(params);
const planned = (params: DevContainerSetupParams) => {
  const result = plan(params);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};
const refusal = (params: DevContainerSetupParams) => {
  const result = plan(params);
  if (result.ok) throw new Error('expected a refusal');
  return result.error;
};

describe('the dev container template catalogue', () => {
  it('holds the official templates that run on a toolchain, by short name', () => {
    expect(DEV_CONTAINER_TEMPLATES.map((t) => t.id)).toEqual(['debian', 'ubuntu', 'javascript-node', 'typescript-node', 'python', 'go', 'rust', 'java', 'universal']);
  });

  it('finds a template by its full id, its short name, with or without a version', () => {
    for (const id of ['python', 'ghcr.io/devcontainers/templates/python', 'ghcr.io/devcontainers/templates/python:3', 'python:3', 'ghcr.io/devcontainers/templates/python@sha256:abc']) {
      expect(findTemplate(id)?.id).toBe('python');
    }
    expect(findTemplate('node')).toBeUndefined();
    expect(findTemplate('ghcr.io/someone-else/templates/python')).toBeUndefined();
  });

  it('fills every placeholder of every template with its defaults', () => {
    for (const template of DEV_CONTAINER_TEMPLATES) {
      const { text, config } = planned({ templateId: template.id, templateArgs: {} });
      expect(text).not.toContain('${templateOption:');
      expect(config.name).toBe(template.name);
      expect(requiredTools(config).unchecked).toEqual([]);
      expect(requiredTools(config).required.length).toBeGreaterThan(0);
    }
  });
});

describe('planDevContainerSetup', () => {
  it('renders javascript-node with its defaults: name, image, the version check as postCreateCommand', () => {
    const setup = planned({ templateId: 'ghcr.io/devcontainers/templates/javascript-node', templateArgs: {} });
    expect(JSON.parse(setup.text)).toEqual({
      name: 'Node.js & JavaScript',
      image: 'mcr.microsoft.com/devcontainers/javascript-node:1-22-bookworm',
      postCreateCommand: 'node --version && npm --version',
    });
    expect(setup.text.endsWith('}\n')).toBe(true);
    expect(setup.tools.map((t) => t.tool)).toEqual(['node', 'npm', 'git']);
  });

  it('substitutes templateArgs for ${templateOption:…}, in the image, the features and the commands', () => {
    const setup = planned({
      templateId: 'java',
      templateArgs: { imageVariant: '17-bullseye', installMaven: 'true', postCreateCommand: 'mvn -v' },
    });
    expect(JSON.parse(setup.text)).toEqual({
      name: 'Java',
      image: 'mcr.microsoft.com/devcontainers/java:1-17-bullseye',
      features: { 'ghcr.io/devcontainers/features/java:1': { version: 'none', installMaven: 'true', installGradle: 'false' } },
      postCreateCommand: 'mvn -v',
    });
    expect(setup.tools.map((t) => [t.tool, t.neededBy])).toEqual([
      ['java', 'mcr.microsoft.com/devcontainers/java:1-17-bullseye'],
      ['javac', 'mcr.microsoft.com/devcontainers/java:1-17-bullseye'],
      ['git', 'mcr.microsoft.com/devcontainers/java:1-17-bullseye'],
      ['mvn', 'ghcr.io/devcontainers/features/java:1'],
    ]);
  });

  it('leaves the postCreateCommand out when its argument is empty', () => {
    const setup = planned({ templateId: 'debian', templateArgs: { postCreateCommand: '  ' } });
    expect(JSON.parse(setup.text)).toEqual({ name: 'Debian', image: 'mcr.microsoft.com/devcontainers/base:bookworm' });
    expect(lifecycleSteps(setup.config)).toEqual([]);
  });

  it('adds the given features as {id: options}: short names become official ids; a template feature takes the given options', () => {
    const setup = planned({
      templateId: 'java',
      templateArgs: {},
      features: [
        { id: 'rust', options: { version: 'latest', profile: 'minimal' } },
        { id: 'ghcr.io/devcontainers/features/java:1', options: { version: '21' } },
        { id: 'ghcr.io/example/features/thing:2', options: { flag: true, size: 3 } },
      ],
    });
    expect(JSON.parse(setup.text).features).toEqual({
      'ghcr.io/devcontainers/features/java:1': { version: '21' },
      'ghcr.io/devcontainers/features/rust:1': { version: 'latest', profile: 'minimal' },
      'ghcr.io/example/features/thing:2': { flag: true, size: 3 },
    });
    expect(setup.tools.map((t) => t.tool)).toEqual(['java', 'javac', 'git', 'cargo', 'rustc']);
    expect(requiredTools(setup.config).unchecked).toEqual(['ghcr.io/example/features/thing:2']);
  });

  it('a language feature with version "none" needs nothing', () => {
    expect(planned({ templateId: 'debian', templateArgs: {}, features: [{ id: 'node', options: { version: 'none' } }] }).tools.map((t) => t.tool)).toEqual(['git']);
  });

  it('refuses an unknown template, naming the known ones', () => {
    expect(refusal({ templateId: 'node', templateArgs: {} })).toEqual({
      kind: 'unknown-template',
      message:
        'Unknown dev container template "node": Bullpen knows debian, ubuntu, javascript-node, typescript-node, python, go, rust, java, universal ' +
        '(ghcr.io/devcontainers/templates/<name>, or the name alone)',
    });
  });

  it('refuses templateArgs that are not a map of strings, and options the template does not have', () => {
    expect(refusal({ templateId: 'go', templateArgs: undefined }).message).toBe('params.templateArgs must be a map of strings');
    expect(refusal({ templateId: 'go', templateArgs: ['a'] }).message).toBe('params.templateArgs must be a map of strings');
    expect(refusal({ templateId: 'go', templateArgs: { imageVariant: 1 } }).message).toBe('params.templateArgs.imageVariant must be a string');
    expect(refusal({ templateId: 'go', templateArgs: { nodeVersion: 'lts' } })).toEqual({
      kind: 'unknown-option',
      message: 'The template go has no option "nodeVersion"; its options are imageVariant, postCreateCommand',
    });
    expect(refusal({ templateId: 'java', templateArgs: { installMaven: 'yes' } }).message).toBe('The option installMaven of the template java must be "true" or "false"');
  });

  it('refuses features with options that are not a map of plain values, a repeated id, an unknown short name', () => {
    expect(refusal({ templateId: 'go', templateArgs: {}, features: [{ id: 'node', options: 'lts' }] }).message).toBe('params.features[0].options must be a map');
    expect(refusal({ templateId: 'go', templateArgs: {}, features: [{ id: 'node', options: { version: { major: 20 } } }] }).message).toBe(
      'params.features[0].options.version must be a string, a number or a boolean',
    );
    expect(
      refusal({ templateId: 'go', templateArgs: {}, features: [{ id: 'node', options: {} }, { id: 'ghcr.io/devcontainers/features/node:1', options: {} }] }).message,
    ).toBe('params.features[1].id names ghcr.io/devcontainers/features/node:1 a second time');
    expect(refusal({ templateId: 'go', templateArgs: {}, features: [{ id: 'nodejs', options: {} }] }).message).toMatch(
      /^Unknown feature "nodejs": give its full id \(e\.g\. ghcr\.io\/devcontainers\/features\/node:1\) or one of the names node, python, go/,
    );
  });
});

describe('feature ids', () => {
  it('expands known short names with their major version and keeps full ids and local paths', () => {
    expect(featureId('node')).toBe('ghcr.io/devcontainers/features/node:1');
    expect(featureId('docker-in-docker')).toBe('ghcr.io/devcontainers/features/docker-in-docker:2');
    expect(featureId('ghcr.io/devcontainers/features/go:1')).toBe('ghcr.io/devcontainers/features/go:1');
    expect(featureId('./local-feature')).toBe('./local-feature');
    expect(featureId('nodejs')).toBeUndefined();
  });
});

describe('serializeDevContainer', () => {
  it('writes name, image, features and the lifecycle commands in the order they run, dropping empty ones', () => {
    const text = serializeDevContainer({
      postCreateCommand: ['npm', 'test'],
      name: 'X',
      onCreateCommand: { a: 'echo a', b: '' },
      updateContentCommand: '',
      features: {},
      image: 'img',
    });
    expect(Object.keys(JSON.parse(text))).toEqual(['name', 'image', 'onCreateCommand', 'postCreateCommand']);
  });
});
