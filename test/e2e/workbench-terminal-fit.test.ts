import { Browser, Page } from 'playwright-core';
import { saveScreenshot } from './support/screenshots';
import { BullpenServer, launchBrowser, openSandbox, startServer, waitFor } from './support/server';

jest.setTimeout(240_000);

const terminal = (page: Page) => page.locator('[data-testid=terminal]');
const terminalText = (page: Page) => terminal(page).locator('.xterm-rows').innerText();

/** Every element outside xterm and Monaco that has scrolled (they scroll their own content; nothing else may). */
function scrolledElements(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [document.scrollingElement!, ...document.querySelectorAll('*')]
      .filter((el) => el.scrollTop > 0 && !el.closest('.xterm, .monaco-editor'))
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} scrollTop ${el.scrollTop}`),
  );
}

interface TerminalGeometry {
  rows: number;
  rowHeight: number;
  hostHeight: number;
  host: { top: number; bottom: number };
  panelBody: { top: number; bottom: number };
  statusBarTop: number;
  /** The last line xterm shows that is not blank: after a command, the shell's prompt. */
  lastLine: { top: number; bottom: number; text: string } | undefined;
  screenBottom: number;
}

function geometry(page: Page): Promise<TerminalGeometry> {
  return page.evaluate(() => {
    const host = document.querySelector<HTMLElement>('[data-testid=terminal]')!;
    const rows = [...host.querySelectorAll<HTMLElement>('.xterm-rows > div')];
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom };
    };
    const lastLine = rows.filter((row) => (row.textContent ?? '').trim() !== '').pop();
    const style = getComputedStyle(host);
    return {
      rows: rows.length,
      rowHeight: rows[0].getBoundingClientRect().height,
      hostHeight: host.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom),
      host: box(host),
      panelBody: box(document.querySelector('#bp-panel-body')!),
      statusBarTop: document.querySelector('[data-testid=status-bar]')!.getBoundingClientRect().top,
      lastLine: lastLine ? { ...box(lastLine), text: lastLine.textContent ?? '' } : undefined,
      screenBottom: host.querySelector('.xterm-screen')!.getBoundingClientRect().bottom,
    };
  });
}

/** Every editor tab strip is in view, and its shown tab can be clicked (the element at its centre is the tab). */
function tabStrips(page: Page): Promise<string> {
  return page.evaluate(() => {
    const strips = [...document.querySelectorAll('[role=tablist][data-group]')];
    const problems = strips.flatMap((el) => {
      const r = el.getBoundingClientRect();
      const tab = (el.querySelector('[role=tab][aria-selected=true]') ?? el.querySelector('[role=tab]'))!.getBoundingClientRect();
      const hit = document.elementFromPoint(tab.left + tab.width / 2, tab.top + tab.height / 2);
      const name = `strip ${el.getAttribute('data-group')}`;
      return [
        ...(r.top < 0 || r.height === 0 ? [`${name} out of view (top ${r.top})`] : []),
        ...(hit?.closest('[role=tab]') && el.contains(hit) ? [] : [`${name}: its tab's centre hits ${hit?.tagName}.${hit?.className}`]),
      ];
    });
    if (strips.length === 0) return 'no tab strip';
    return problems.length > 0 ? problems.join('; ') : 'in view, their shown tabs clickable';
  });
}

/** The terminal has as many rows as its panel has room for, and nothing but xterm's own viewport has scrolled. */
async function expectTerminalFits(page: Page, where: string): Promise<void> {
  const within = (box: { top: number; bottom: number } | undefined, outer: { top: number; bottom: number }) =>
    box !== undefined && box.top >= outer.top - 0.5 && box.bottom <= outer.bottom + 0.5;
  const expected = { where, scrolled: [], tabStrips: 'in view, their shown tabs clickable', rowsFitHeight: true, terminalInPanel: true, panelAboveStatusBar: true, rowsInTerminal: true, promptShown: true, promptInPanel: true };
  const observe = async () => {
    const g = await geometry(page);
    return {
      where,
      scrolled: await scrolledElements(page),
      tabStrips: await tabStrips(page),
      // As many rows as the terminal's height has room for.
      rowsFitHeight: g.rows === Math.floor(g.hostHeight / g.rowHeight),
      // The terminal sits inside the panel's body, above the status bar; xterm's rows inside the terminal.
      terminalInPanel: within(g.host, g.panelBody),
      panelAboveStatusBar: g.panelBody.bottom <= g.statusBarTop + 0.5,
      rowsInTerminal: g.screenBottom <= g.host.bottom + 0.5,
      // The prompt line (zsh's 'user@host:dir% ') is inside the panel's visible box.
      promptShown: /[%$#]\s*$/.test(g.lastLine?.text ?? ''),
      promptInPanel: within(g.lastLine, g.panelBody),
    };
  };
  // xterm refits a little after a resize (debounced), zsh then draws its prompt again, and the editor groups follow
  // the new width: wait for all. A page that scrolled stays scrolled, so waiting hides no scrolling.
  let last = await observe();
  await waitFor(
    async () => {
      last = await observe();
      return JSON.stringify(last) === JSON.stringify(expected);
    },
    { message: `${where}: the terminal fits its panel` },
  ).catch(() => undefined);
  expect(last).toEqual(expected);
}

/** Prints 60 lines in the terminal (typed as a user would, after a click into it) and waits for them. */
async function print60Lines(page: Page, mark: string): Promise<void> {
  await terminal(page).click();
  await waitFor(() => terminal(page).locator('.xterm-helper-textarea').evaluate((el) => el === document.activeElement), { message: 'the terminal has the keyboard' });
  await page.keyboard.type(`seq 1 60; echo ${mark}-$((6*7))\n`);
  // The mark, then the shell's next prompt (after zsh's '%' mark of a partial line, left when the shell had the old
  // width while xterm already had the new one).
  const done = new RegExp(`${mark}-42\\s*\\n([^\\n]*\\n)?[^\\n]*[%$#]$`);
  let text = '';
  await waitFor(async () => done.test((text = (await terminalText(page)).trimEnd())), { message: `${mark}-42 printed, then the prompt`, timeout: 30_000 }).catch((error: Error) => {
    throw new Error(`${error.message}; the terminal shows:\n${text}`);
  });
}

/** Issue 19 item 1: the terminal fits its panel and nothing else on the page scrolls. */
describe('Workbench terminal fits its panel', () => {
  let server: BullpenServer;
  let browser: Browser;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
  });

  async function openAt(width: number, height: number): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height } });
    await openSandbox(page, server.url);
    await terminal(page).locator('.xterm-rows').waitFor({ timeout: 30_000 });
    return page;
  }

  it.each([
    [1280, 720],
    [1400, 900],
    [1920, 1080],
  ])('at %i×%i, 60 printed lines stay inside xterm', async (width, height) => {
    const page = await openAt(width, height);
    try {
      await print60Lines(page, 'first');
      await expectTerminalFits(page, `${width}×${height}`);
      if (width === 1280 || width === 1920) await saveScreenshot(page, `terminal-fit-${width}x${height}`);
    } finally {
      await page.close();
    }
  });

  it('refits after the panel is resized by its sash, the window is resized, and the panel is shown again', async () => {
    const page = await openAt(1280, 720);
    try {
      await print60Lines(page, 'before');
      await expectTerminalFits(page, 'before resizing');

      // Drag the panel's sash 150 px up: a taller panel, more rows.
      const sash = page.locator('[role=separator][aria-label="Resize panel"]');
      const box = (await sash.boundingBox())!;
      const rowsBefore = (await geometry(page)).rows;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2, box.y - 150, { steps: 5 });
      await page.mouse.up();
      await expectTerminalFits(page, 'after the sash drag up');
      expect((await geometry(page)).rows).toBeGreaterThan(rowsBefore);
      await print60Lines(page, 'taller');
      await expectTerminalFits(page, 'after printing in the taller panel');

      // And 200 px down again: fewer rows than before.
      const box2 = (await sash.boundingBox())!;
      await page.mouse.move(box2.x + box2.width / 2, box2.y + box2.height / 2);
      await page.mouse.down();
      await page.mouse.move(box2.x + box2.width / 2, box2.y + 200, { steps: 5 });
      await page.mouse.up();
      await expectTerminalFits(page, 'after the sash drag down');
      await print60Lines(page, 'shorter');
      await expectTerminalFits(page, 'after printing in the shorter panel');

      // The window: smaller, then larger.
      await page.setViewportSize({ width: 1000, height: 600 });
      await expectTerminalFits(page, 'in a 1000×600 window');
      await print60Lines(page, 'small');
      await expectTerminalFits(page, 'after printing in a 1000×600 window');
      await page.setViewportSize({ width: 1600, height: 1000 });
      await expectTerminalFits(page, 'in a 1600×1000 window');

      // Hidden and shown again (Ctrl+J twice, from the editor).
      await page.locator('.monaco-editor .view-lines').first().click();
      await page.keyboard.press('Control+J');
      await page.locator('[data-testid=bottom-panel]').waitFor({ state: 'detached' });
      await page.keyboard.press('Control+J');
      await terminal(page).locator('.xterm-rows').waitFor();
      await expectTerminalFits(page, 'after the panel is shown again');
      await print60Lines(page, 'again');
      await expectTerminalFits(page, 'after printing once shown again');
    } finally {
      await page.close();
    }
  });
});
