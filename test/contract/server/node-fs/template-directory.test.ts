import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { readTemplateDirectory } from '../../../../src/server/adapters/node-fs/template-directory';
import { readConfig } from '../../../../src/server/config';
import { removeDir, startTestServer, tempDataDir } from '../../support/server-harness';

/** BULLPEN_TEMPLATE: the default sandbox's starter files from a directory (README "Configuration"). */
describe('a template directory (BULLPEN_TEMPLATE)', () => {
  let dir: string;
  const put = (relative: string, content: string | Buffer) => {
    mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    writeFileSync(path.join(dir, relative), content);
  };

  beforeEach(() => {
    dir = path.join(mkdtempSync(path.join(tmpdir(), 'bullpen-template-')), 'my-starter');
    mkdirSync(dir);
  });
  afterEach(() => rmSync(path.dirname(dir), { recursive: true, force: true }));

  it('holds every regular file at its path, byte for byte, named after the directory', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe]);
    put('README.md', '# Hi\n');
    put('.codesandbox/tasks.json', '{}\n');
    put('src/assets/logo.png', png);
    const template = await readTemplateDirectory(dir);
    expect(template.id).toBe('directory:my-starter');
    expect(template.title).toBe('my-starter');
    expect(Object.keys(template.files).sort()).toEqual(['.codesandbox/tasks.json', 'README.md', 'src/assets/logo.png']);
    expect(Buffer.from(template.files['README.md']).toString('utf8')).toBe('# Hi\n');
    expect(Buffer.from(template.files['src/assets/logo.png'])).toEqual(png);
  });

  it('leaves out .git, node_modules and symbolic links', async () => {
    put('index.js', 'x\n');
    put('.git/HEAD', 'ref: refs/heads/main\n');
    put('node_modules/left-pad/index.js', 'module.exports = 1;\n');
    symlinkSync('/etc/passwd', path.join(dir, 'passwd'));
    symlinkSync(path.join(dir, 'index.js'), path.join(dir, 'link.js'));
    expect(Object.keys((await readTemplateDirectory(dir)).files)).toEqual(['index.js']);
  });

  it('refuses a directory it cannot read, or one without files', async () => {
    await expect(readTemplateDirectory(path.join(dir, 'missing'))).rejects.toThrow(`BULLPEN_TEMPLATE ${path.join(dir, 'missing')} cannot be read: ENOENT`);
    mkdirSync(path.join(dir, 'empty', 'sub'), { recursive: true });
    await expect(readTemplateDirectory(path.join(dir, 'empty'))).rejects.toThrow(`BULLPEN_TEMPLATE ${path.join(dir, 'empty')} holds no file`);
  });

  it('is read from BULLPEN_TEMPLATE, relative to the working directory; unset or empty: the built-in template', () => {
    const config = (value: string | undefined) => readConfig({ BULLPEN_TEMPLATE: value } as NodeJS.ProcessEnv, '/srv/bullpen').templateDir;
    expect(config('starters/vite')).toBe('/srv/bullpen/starters/vite');
    expect(config('/opt/starter')).toBe('/opt/starter');
    expect(config('')).toBeUndefined();
    expect(config(undefined)).toBeUndefined();
  });
});

/** Only a new data directory gets a template: an existing one keeps its sandboxes and their files as they are. */
describe('the default sandbox of a data directory that has one', () => {
  it('keeps its files when the template changes (or cannot even be read)', async () => {
    const dataDir = tempDataDir();
    const templates = mkdtempSync(path.join(tmpdir(), 'bullpen-templates-'));
    try {
      mkdirSync(path.join(templates, 'first', 'src'), { recursive: true });
      writeFileSync(path.join(templates, 'first', 'src', 'App.js'), 'first\n');
      const first = await startTestServer(dataDir, 'write', { env: { BULLPEN_TEMPLATE: path.join(templates, 'first') } });
      const id = first.defaultSandboxId;
      await first.close();
      const filesDir = path.join(dataDir, 'sandboxes', id, 'files');
      expect(readFileSync(path.join(filesDir, 'src', 'App.js'), 'utf8')).toBe('first\n');
      // The built-in template now, then one that does not exist: the sandbox stays the same, with its files.
      for (const template of ['', path.join(templates, 'missing')]) {
        const again = await startTestServer(dataDir, 'write', { env: { BULLPEN_TEMPLATE: template } });
        expect(again.defaultSandboxId).toBe(id);
        await again.close();
      }
      expect(readdirSync(path.join(dataDir, 'sandboxes'))).toEqual([id]);
      expect(readdirSync(filesDir).filter((name) => name !== '.git')).toEqual(['src']);
      expect(readFileSync(path.join(filesDir, 'src', 'App.js'), 'utf8')).toBe('first\n');
    } finally {
      removeDir(dataDir);
      rmSync(templates, { recursive: true, force: true });
    }
  });
});
