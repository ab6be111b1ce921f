import { serializeDevContainer } from '../../../../src/domain/container/devcontainer-config';
import { readDevContainerFile } from '../../../../src/domain/container/devcontainer-file';
import { DEV_CONTAINER_SCRIPT_HEADER, devContainerScript, isDevContainerScript, unusableConfigScript } from '../../../../src/domain/container/devcontainer-script';
import { DEV_CONTAINER_TEMPLATES } from '../../../../src/domain/container/devcontainer-templates';
import { planDevContainerSetup } from '../../../../src/domain/container/devcontainer-setup';

describe('readDevContainerFile', () => {
  it('reads back what container/setup writes, so the task it makes from the file is the same', () => {
    for (const template of DEV_CONTAINER_TEMPLATES) {
      const setup = planDevContainerSetup({ templateId: template.id, templateArgs: {}, features: [{ id: 'node', options: { version: 'lts' } }] });
      if (!setup.ok) throw new Error(setup.error.message);
      const read = readDevContainerFile(setup.value.text);
      expect(read).toEqual({ ok: true, value: setup.value.config });
      expect(devContainerScript(read.ok ? read.value : { name: '' })).toBe(setup.value.script);
      expect(serializeDevContainer(read.ok ? read.value : { name: '' })).toBe(setup.value.text);
    }
  });

  it('reads a hand-written file: comments, trailing commas, version-string features, other fields left alone', () => {
    const read = readDevContainerFile(`// mine
{
  "image": "mcr.microsoft.com/devcontainers/go:1-1.23-bookworm",
  "features": { "ghcr.io/devcontainers/features/node:1": "lts", "ghcr.io/devcontainers/features/git:1": { "ppa": true, "deep": { "x": 1 } } },
  "forwardPorts": [3000],
  "onCreateCommand": ["go", "mod", "download"],
  "postCreateCommand": { "a": "echo a", "b": ["echo", "b"] },
}`);
    expect(read).toEqual({
      ok: true,
      value: {
        name: 'Dev Container',
        image: 'mcr.microsoft.com/devcontainers/go:1-1.23-bookworm',
        features: { 'ghcr.io/devcontainers/features/node:1': {}, 'ghcr.io/devcontainers/features/git:1': { ppa: true } },
        onCreateCommand: ['go', 'mod', 'download'],
        postCreateCommand: { a: 'echo a', b: ['echo', 'b'] },
      },
    });
  });

  it('says what cannot be used', () => {
    expect(readDevContainerFile('{ "name": "x",')).toEqual({ ok: false, error: expect.stringMatching(/^\.devcontainer\/devcontainer\.json is not valid JSON: .* at line 1, column \d+$/) });
    expect(readDevContainerFile('[]')).toEqual({ ok: false, error: '.devcontainer/devcontainer.json must hold an object' });
    expect(readDevContainerFile('{"postCreateCommand": 3}')).toEqual({
      ok: false,
      error: '.devcontainer/devcontainer.json: "postCreateCommand" must be a string, an array of strings or an object of them',
    });
    expect(readDevContainerFile('{"image": {}}')).toEqual({ ok: false, error: '.devcontainer/devcontainer.json: "image" must be a string' });
  });
});

describe('unusableConfigScript', () => {
  it('is recognised as the Dev Container task and fails with the reason', () => {
    const script = unusableConfigScript('.devcontainer/devcontainer.json is not valid JSON: x');
    expect(script.startsWith(`${DEV_CONTAINER_SCRIPT_HEADER}\n`)).toBe(true);
    expect(isDevContainerScript(script)).toBe(true);
    expect(script.trim().split('\n').pop()).toBe('exit 1');
  });
});
