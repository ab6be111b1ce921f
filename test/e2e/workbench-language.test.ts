import * as fs from 'fs';
import * as path from 'path';
import { Locator } from 'playwright-core';
import { saveScreenshot } from './support/screenshots';
import { connectionStatus, editorText, openSandbox, readFileOrEmpty, useSandboxSession, waitFor } from './support/server';

jest.setTimeout(120_000);

const MATH = `export function add(a: number, b: number): number {
  return a + b;
}
export const origin = { east: 0, north: 0 };
`;
const MAIN = `import { add, origin } from './lib/math';
const total: string = add(1, 2);
console.log(total, origin);
`;

/** Language features from the workspace's real typescript-language-server (issue 7). */
describe('Workbench language features', () => {
  const session = useSandboxSession();
  const status = (id: string) => session.page.locator(`[data-testid=${id}]`).textContent();

  /** Quick open, again until the tree has the new file (a path search answers from the tree). */
  const quickOpen = async (file: string, page = session.page) => {
    await waitFor(async () => {
      await page.locator('.monaco-editor .view-lines').first().click();
      await page.keyboard.press('Control+P');
      await page.keyboard.type(file);
      const option = page.locator(`[role=option][data-id="${file}"]`);
      const found = await option.waitFor({ timeout: 2_000 }).then(() => true, () => false);
      if (found) await option.click();
      else await page.keyboard.press('Escape');
      return found;
    }, { timeout: 30_000, message: `${file} in quick open` });
    await page.locator(`[data-testid=editor-tabs] [role=tab][data-path="${file}"][aria-selected=true]`).waitFor({ timeout: 30_000 });
  };

  beforeAll(async () => {
    const { server } = session;
    fs.mkdirSync(path.join(server.filesDir, 'src', 'lib'), { recursive: true });
    fs.writeFileSync(path.join(server.filesDir, 'src', 'lib', 'math.ts'), MATH);
    fs.writeFileSync(path.join(server.filesDir, 'src', 'main.ts'), MAIN);
    // A project over src: a rename reaches files no editor has open.
    fs.writeFileSync(path.join(server.filesDir, 'tsconfig.json'), '{ "compilerOptions": { "strict": true, "noEmit": true }, "include": ["src"] }\n');
    fs.mkdirSync(path.join(server.filesDir, 'src', 'shapes'), { recursive: true });
    fs.writeFileSync(path.join(server.filesDir, 'src', 'shapes', 'square.ts'), 'export function square(side: number): number {\n  return side * side;\n}\n');
    fs.writeFileSync(path.join(server.filesDir, 'src', 'shapes', 'use-square.ts'), "import { square } from './square';\nexport const four = square(2);\n");
    await quickOpen('src/main.ts');
  });

  it('shows a type error as a marker in the editor, in the problems panel and in the status bar', async () => {
    const { page } = session;
    await page.locator('.monaco-editor .squiggly-error').first().waitFor({ timeout: 60_000 });
    await waitFor(async () => (await status('status-errors')) === '1', { timeout: 30_000, message: 'one error in the status bar' });
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+Shift+M');
    const problem = page.locator('[data-testid=problems-panel] [role=treeitem][aria-level="2"][data-path="src/main.ts"]');
    await problem.waitFor();
    expect(await problem.getAttribute('data-severity')).toBe('error');
    expect(await problem.textContent()).toContain("Type 'number' is not assignable to type 'string'.");
    expect(await problem.textContent()).toContain('[Ln 2, Col 7]');
    await saveScreenshot(page, 'problems');
    await problem.focus();
    await page.keyboard.press('Enter');
    await waitFor(async () => (await status('status-cursor'))?.startsWith('Ln 2, Col 12'), { message: 'cursor at the end of the problem' });
  });

  it('shows the type of a symbol on hover', async () => {
    const { page } = session;
    await page.locator('.monaco-editor .view-line', { hasText: 'const total' }).locator('span', { hasText: /^add$/ }).first().hover();
    const hover = page.locator('.monaco-editor .monaco-hover:not(.hidden)');
    await waitFor(async () => (await hover.textContent())?.includes('add(a: number, b: number): number'), { timeout: 30_000, message: 'hover with the type of add' });
  });

  it('lists completions after typing a dot', async () => {
    const { page } = session;
    // The hover of the test before and the AI toolbar of the problem's selection can lie over the next line: the
    // selection is collapsed and the mouse moved away first, as a user would.
    await page.keyboard.press('End');
    await page.mouse.move(1, 1);
    await page.locator('.monaco-editor .monaco-hover:not(.hidden)').waitFor({ state: 'detached', timeout: 15_000 });
    await page.locator('[data-testid=ai-toolbar-notice]').waitFor({ state: 'hidden', timeout: 15_000 });
    await page.locator('.monaco-editor .view-line', { hasText: 'console.log' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('origin.');
    const suggestions = page.locator('.monaco-editor .suggest-widget .monaco-list-row');
    await waitFor(async () => {
      const labels = await suggestions.evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''));
      return labels.some((l) => l.startsWith('east')) && labels.some((l) => l.startsWith('north'));
    }, { timeout: 30_000, message: 'east and north suggested' });
    await page.keyboard.press('Escape');
    // Back to an empty line for the next test.
    await page.keyboard.press('Control+Backspace');
    await page.keyboard.press('Control+Backspace');
  });

  it('shows the parameters of a call being typed', async () => {
    const { page } = session;
    await page.keyboard.type('add(');
    const hints = page.locator('.monaco-editor .parameter-hints-widget');
    await waitFor(async () => (await hints.textContent())?.includes('add(a: number, b: number): number'), { timeout: 30_000, message: 'signature help of add' });
    await page.keyboard.press('Escape');
  });

  it('goes to a definition in another file with F12', async () => {
    const { page } = session;
    await page.locator('.monaco-editor .view-line', { hasText: 'const total' }).locator('span', { hasText: /^add$/ }).first().click();
    await page.keyboard.press('F12');
    await page.locator('[data-testid=editor-tabs] [role=tab][data-path="src/lib/math.ts"][aria-selected=true]').waitFor({ timeout: 30_000 });
    await waitFor(async () => (await status('status-cursor'))?.startsWith('Ln 1, Col 17'), { message: 'cursor on the definition of add' });
  });

  it('lists the references of a symbol used in two files in a peek view with Shift+F12', async () => {
    const { page } = session;
    await page.locator('.monaco-editor .view-line', { hasText: 'export function add' }).locator('span', { hasText: /^add$/ }).first().click();
    await page.keyboard.press('Shift+F12');
    const peek = page.locator('.monaco-editor .reference-zone-widget');
    const rows = peek.locator('.ref-tree .monaco-list-row');
    const labels = () => rows.evaluateAll((all) => all.map((r) => r.getAttribute('aria-label') ?? ''));
    // One group per file; the group of the file the search started in is open on the declaration.
    await waitFor(async () => {
      const shown = await labels();
      return shown.some((l) => / in math\.ts, full path /.test(l)) && shown.some((l) => / in main\.ts, full path /.test(l)) && shown.some((l) => /in math\.ts on line 1 at column 17/.test(l));
    }, { timeout: 30_000, message: 'references in math.ts and main.ts' });
    await rows.filter({ has: page.locator('.reference-file', { hasText: 'main.ts' }) }).click();
    await waitFor(async () => {
      const shown = await labels();
      return shown.some((l) => l.includes('in main.ts on line 1 at column 10')) && shown.some((l) => l.includes('in main.ts on line 2 at column 23'));
    }, { message: 'the import and the call in main.ts' });
    // A reference chosen in the list: the peek's editor shows the other file at its line.
    await peek.locator('.ref-tree .monaco-list-row[aria-label*="in main.ts on line 2 "]').click();
    await waitFor(async () => (await peek.locator('.preview .view-lines').textContent())?.replace(/\u00a0/g, ' ').includes("import { add, origin } from './lib/math';"), { message: 'main.ts in the peek editor' });
    await saveScreenshot(page, 'references');
    await page.keyboard.press('Escape');
    await peek.waitFor({ state: 'hidden' });
    await page.locator('[data-testid=editor-tabs] [role=tab][data-path="src/lib/math.ts"][aria-selected=true]').waitFor();
  });

  it('renames across files with F2, opening and editing the file no editor had open', async () => {
    const { page } = session;
    await quickOpen('src/shapes/square.ts');
    await page.locator('.monaco-editor .view-line', { hasText: 'export function' }).locator('span', { hasText: /^square$/ }).first().click();
    await page.keyboard.press('F2');
    const renameInput = page.locator('.monaco-editor .rename-box input');
    await waitFor(() => renameInput.evaluate((el) => el === document.activeElement), { timeout: 30_000, message: 'the rename box focused' });
    await page.keyboard.press('Control+A');
    await page.keyboard.type('area');
    await page.keyboard.press('Enter');
    const usingTab = page.locator('[data-testid=editor-tabs] [role=tab][data-path="src/shapes/use-square.ts"]');
    await usingTab.waitFor({ timeout: 30_000 });
    await waitFor(async () => (await usingTab.getAttribute('data-dirty')) === 'true', { message: 'use-square.ts edited' });
    // The editor went back to the file the rename started in.
    await page.locator('[data-testid=editor-tabs] [role=tab][data-path="src/shapes/square.ts"][aria-selected=true][data-dirty=true]').waitFor();
    await waitFor(async () => (await editorText(page)).includes('export function area(side: number)'), { message: 'renamed definition' });
    await usingTab.click();
    await waitFor(async () => (await editorText(page)).includes('export const four = area(2);'), { message: 'renamed use in the other file' });
    await page.keyboard.press('Control+S');
    await waitFor(() => readFileOrEmpty(path.join(session.server.filesDir, 'src', 'shapes', 'use-square.ts')).includes('area(2)'), { message: 'the edit saved through the document' });
  });

  it('shows the CSS server\'s diagnostics too', async () => {
    const { page, server } = session;
    fs.writeFileSync(path.join(server.filesDir, 'src', 'broken.css'), '.a { color: ; }\n');
    await quickOpen('src/broken.css');
    const problem = page.locator('[data-testid=problems-panel] [role=treeitem][aria-level="2"][data-path="src/broken.css"]');
    await problem.waitFor({ timeout: 30_000 });
    expect(await problem.getAttribute('data-severity')).toBe('error');
    await page.locator('.monaco-editor .squiggly-error').first().waitFor();
  });

  /** Suggestion labels of the open completion list. */
  const suggestionLabels = () =>
    session.page.locator('.monaco-editor .suggest-widget .monaco-list-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''));

  /**
   * Whether hovering `target` shows a hover with all of `texts`. The mouse leaves first, so that another call hovers
   * anew: a server still starting when the hover asked has no provider registered yet.
   */
  const showsHover = async (target: Locator, texts: string[]) => {
    const { page } = session;
    const hover = page.locator('.monaco-editor .monaco-hover:not(.hidden)');
    await page.mouse.move(0, 0);
    await target.hover();
    return waitFor(async () => {
      const shown = await hover.textContent({ timeout: 500 });
      return texts.every((t) => shown?.includes(t));
    }, { timeout: 3_000 }).then(() => true, () => false);
  };

  /** Moves the mouse off the editor and closes its hover, which would otherwise cover the lines to click next. */
  const closeHover = async () => {
    await session.page.mouse.move(0, 0);
    await session.page.keyboard.press('Escape');
  };

  it('shows the JSON server\'s syntax errors, clears them once fixed, and completes keys from similar objects', async () => {
    const { page, server } = session;
    fs.mkdirSync(path.join(server.filesDir, 'src', 'data'), { recursive: true });
    fs.writeFileSync(path.join(server.filesDir, 'src', 'data', 'points.json'), '[\n  { "east": 1, "north": 2 }\n  {}\n]\n');
    await quickOpen('src/data/points.json');
    const problem = page.locator('[data-testid=problems-panel] [role=treeitem][aria-level="2"][data-path="src/data/points.json"]');
    await problem.waitFor({ timeout: 30_000 });
    expect(await problem.getAttribute('data-severity')).toBe('error');
    expect(await problem.textContent()).toContain('Expected comma');
    expect(await problem.textContent()).toContain('[Ln 3, Col 3]');
    await page.locator('.monaco-editor .squiggly-error').first().waitFor();
    // The missing comma typed: the server's next diagnostics have no error.
    await page.locator('.monaco-editor .view-line', { hasText: '"north"' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(',');
    await problem.waitFor({ state: 'detached', timeout: 30_000 });
    await page.locator('.monaco-editor .squiggly-error').first().waitFor({ state: 'detached' });
    // No schema: the server proposes the keys of the array's other objects.
    await page.locator('.monaco-editor .view-line', { hasText: /^\s*\{\}$/ }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('"');
    await waitFor(async () => {
      const labels = await suggestionLabels();
      return labels.some((l) => l.startsWith('east')) && labels.some((l) => l.startsWith('north'));
    }, { timeout: 30_000, message: 'east and north suggested' });
    await page.keyboard.press('Escape');
  });

  it('completes HTML tags and describes them on hover', async () => {
    const { page, server } = session;
    fs.writeFileSync(path.join(server.filesDir, 'src', 'index.html'), '<!DOCTYPE html>\n<html>\n<body>\n  <main>Hello</main>\n</body>\n</html>\n');
    await quickOpen('src/index.html');
    const tag = page.locator('.monaco-editor .view-line', { hasText: '<main>' }).locator('span', { hasText: /^main$/ }).first();
    await waitFor(() => showsHover(tag, ['The main element represents the main content of the body of a document']), { timeout: 30_000, message: 'hover with the description of main' });
    await closeHover();
    await page.locator('.monaco-editor .view-line', { hasText: '<main>' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('<di');
    await waitFor(async () => {
      const labels = await suggestionLabels();
      return labels.some((l) => l.startsWith('div')) && labels.some((l) => l.startsWith('dialog'));
    }, { timeout: 30_000, message: 'div and dialog suggested' });
    await page.keyboard.press('Escape');
  });

  it('serves JavaScript from the TypeScript server: hover and completion in a .js file', async () => {
    const { page, server } = session;
    fs.writeFileSync(
      path.join(server.filesDir, 'src', 'greet.js'),
      "/**\n * Greets someone by name.\n * @param {string} name\n */\nexport function greet(name) {\n  return `Hello, ${name}`;\n}\nconst message = greet('Ada');\n",
    );
    await quickOpen('src/greet.js');
    const call = page.locator('.monaco-editor .view-line', { hasText: 'const message' }).locator('span', { hasText: /^greet$/ }).first();
    // The parameter's type comes from the JSDoc, the return type is inferred.
    await waitFor(() => showsHover(call, ['function greet(name: string): string', 'Greets someone by name.']), { timeout: 30_000, message: 'hover with the type and doc of greet' });
    await closeHover();
    await page.locator('.monaco-editor .view-line', { hasText: 'const message' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('message.toUpper');
    await waitFor(async () => (await suggestionLabels()).some((l) => l.startsWith('toUpperCase')), { timeout: 30_000, message: 'a method of string suggested' });
    await page.keyboard.press('Escape');
  });
  it('asks the server once while a made-up word grows, not on every key, and again for the next word', async () => {
    const { browser, server } = session;
    fs.writeFileSync(path.join(server.filesDir, 'src', 'words.ts'), "import { origin } from './lib/math';\n\n");
    const page = await browser.newPage();
    let asked = 0;
    page.on('websocket', (ws) =>
      ws.on('framesent', ({ payload }) => void (typeof payload !== 'string' && payload.includes('textDocument/completion') && asked++)),
    );
    try {
      await openSandbox(page, server.url);
      await quickOpen('src/words.ts', page);
      await page.locator('.monaco-editor .view-line', { hasText: 'import' }).click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type('qzx', { delay: 150 });
      let settled = -1;
      await waitFor(async () => {
        const same = asked === settled;
        settled = asked;
        return same && asked > 0;
      }, { timeout: 30_000, interval: 500, message: 'the completion requests of the first letters answered' });
      await page.keyboard.type('wvutsr', { delay: 150 });
      await page.waitForTimeout(1_000);
      // Nothing in the complete list holds 'qzx', so nothing holds 'qzxwvutsr': the server was not asked again.
      expect(asked).toBe(settled);
      await page.keyboard.type(' = orig', { delay: 100 });
      await waitFor(async () => (await page.locator('.monaco-editor .suggest-widget .monaco-list-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''))).some((l) => l.startsWith('origin')), { timeout: 30_000, message: 'origin suggested for the next word' });
      expect(asked).toBeGreaterThan(settled);
    } finally {
      await page.close();
    }
  });
  it('fails quietly while disconnected (no uncaught errors from completion, hover or signature help) and works again after the reconnect', async () => {
    const { browser, server } = session;
    fs.writeFileSync(path.join(server.filesDir, 'src', 'offline.ts'), "import { add, origin } from './lib/math';\n\n");
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    // Chromium itself logs each refused connection attempt while the server is down; those are not the page's.
    const refused = /net::ERR_CONNECTION_REFUSED/;
    page.on('console', (message) => void (message.type() === 'error' && !refused.test(message.text()) && errors.push(`console: ${message.text()}`)));
    const suggestionLabels = () => page.locator('.monaco-editor .suggest-widget .monaco-list-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''));
    try {
      await openSandbox(page, server.url);
      await quickOpen('src/offline.ts', page);
      await page.locator('.monaco-editor .view-line', { hasText: 'import' }).click();
      await page.keyboard.press('Control+End');
      // The server's language features work before the disconnect.
      await page.keyboard.type('origin.');
      // The server may still be starting (this test can run alone): ask again until it answers.
      await waitFor(async () => {
        if ((await suggestionLabels()).some((l) => l.startsWith('east'))) return true;
        await page.keyboard.press('Escape');
        await page.keyboard.press('Control+Space');
        return false;
      }, { timeout: 90_000, interval: 1_000, message: 'east suggested before the disconnect' });
      await page.keyboard.press('Escape');
      errors.length = 0;

      await server.stop();
      await waitFor(async () => (await connectionStatus(page)) !== 'Connected', { timeout: 15_000, message: 'the page notices the disconnect' });
      // What a user does meanwhile: keeps typing (completion on every word), asks for suggestions, calls a function
      // (signature help) and hovers a symbol.
      await page.keyboard.press('Enter');
      await page.keyboard.type('origin.no', { delay: 120 });
      await page.keyboard.press('Control+Space');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Enter');
      await page.keyboard.type('add(1, ', { delay: 120 });
      await page.locator('.monaco-editor .view-line', { hasText: 'import' }).locator('span', { hasText: /origin/ }).first().hover();
      await page.waitForTimeout(2_000);
      expect(errors).toEqual([]);

      await server.restart();
      await waitFor(async () => (await connectionStatus(page)) === 'Connected', { timeout: 30_000, message: 'Connected again' });
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('origin.');
      // The restarted server loads the project again first (empty answers meanwhile): ask again, as a user would.
      await waitFor(async () => {
        if ((await suggestionLabels()).some((l) => l.startsWith('north'))) return true;
        await page.keyboard.press('Escape');
        await page.keyboard.press('Control+Space');
        return false;
      }, { timeout: 90_000, interval: 1_000, message: 'north suggested after the reconnect' });
      await page.keyboard.press('Escape');
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
