import * as babel from 'prettier/plugins/babel';
import * as estree from 'prettier/plugins/estree';
import * as html from 'prettier/plugins/html';
import * as markdown from 'prettier/plugins/markdown';
import * as postcss from 'prettier/plugins/postcss';
import { format } from 'prettier/standalone';
import { formatLanguageOf } from '../../../../src/domain/settings/editor-settings';
import { DEFAULT_TEMPLATE, DEFAULT_TEMPLATE_DEV_PORT } from '../../../../src/server/templates/default-template';

/** The parser and plugins format on save runs for each language (src/adapters/format/prettier.worker.ts). */
const PLUGINS = [babel, estree, html, markdown, postcss];
const PARSERS: Record<string, string> = { typescript: 'typescript', javascript: 'babel', css: 'css', scss: 'scss', less: 'less', html: 'html', json: 'json', markdown: 'markdown' };
const text = (path: string) => String(DEFAULT_TEMPLATE.files[path]);

/** The built-in template (ADR 0021): what its first start runs, what source control ignores, what a first save changes. */
describe('the default template', () => {
  it('installs with npm in its setup, then starts the Vite dev server by itself on the port its task previews', () => {
    const tasks = JSON.parse(text('.codesandbox/tasks.json'));
    expect(tasks.setupTasks).toEqual([{ name: 'Install dependencies', command: 'npm install' }]);
    expect(tasks.tasks.dev).toEqual({ name: 'Dev server', command: 'npm run dev', runAtStart: true, preview: { port: DEFAULT_TEMPLATE_DEV_PORT } });
    const pkg = JSON.parse(text('package.json'));
    expect(pkg.scripts.dev).toBe('vite');
    expect(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).sort()).toEqual(['@vitejs/plugin-react', 'react', 'react-dom', 'vite']);
    // The preview port is the dev server's, and it does not move to another one when taken.
    expect(text('vite.config.js')).toContain(`port: ${DEFAULT_TEMPLATE_DEV_PORT},\n    strictPort: true,`);
    // Its hot-reload socket goes to the page's own origin (the preview), not to a port set here.
    expect(text('vite.config.js')).not.toMatch(/^\s*(hmr|clientPort)\s*:/m);
  });

  it('keeps dependencies, builds and local secrets out of source control', () => {
    const ignored = text('.gitignore').split('\n');
    for (const entry of ['node_modules', 'dist', '.env.local', '*.local', '*.log']) expect(ignored).toContain(entry);
  });

  it('links its favicon (a page without one logs a 404 in the preview console)', () => {
    expect(text('index.html')).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
    expect(text('public/favicon.svg')).toMatch(/^<svg /);
  });

  it('is as format on save leaves it, so that a first save changes only what the user changed', async () => {
    const formattable = Object.keys(DEFAULT_TEMPLATE.files).filter((path) => formatLanguageOf(path) !== undefined);
    expect(formattable).toEqual(expect.arrayContaining(['src/App.jsx', 'src/main.jsx', 'src/index.css', 'vite.config.js', 'index.html', 'package.json', 'README.md']));
    for (const path of formattable) {
      const formatted = await format(text(path), { parser: PARSERS[formatLanguageOf(path)!], plugins: PLUGINS, tabWidth: 2, useTabs: false });
      expect({ path, text: formatted }).toEqual({ path, text: text(path) });
    }
  });
});
