/**
 * The explorer with a large tree, in headless Chromium against the real server (issue "Workbench"): a workspace of
 * BENCH_EXPLORER_DIRS (10) folders of BENCH_EXPLORER_FILES (10,000) files each, 100,000 files in all.
 * - expanding one folder of 10,000 files by keyboard (ArrowRight on its row): from the key event to just after the
 *   next frame is rendered (rAF, then a message posted after it), and the longest main-thread task meanwhile
 *   (PerformanceObserver 'longtask'); collapsed and expanded BENCH_EXPLORER_RUNS (5) times;
 * - End (to the last row of the tree) and Home the same way, with the folder open;
 * - how many rows are in the DOM with the folder open (the tree renders only the rows in view above 2,000).
 * No assertion on timing; the page must not freeze (a frame within a few hundred milliseconds).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Page } from 'playwright-core';
import { launchBrowser, startServer, waitFor } from '../test/e2e/support/server';
import { envNumber, quantile } from './support/stats';
import { printTable } from './support/table';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildIfChanged } = require('../scripts/build-if-changed') as { buildIfChanged: (o?: { log?: (s: string) => void }) => boolean };

const DIRS = Math.max(1, Math.round(envNumber('BENCH_EXPLORER_DIRS', 10)));
const FILES = Math.max(1, Math.round(envNumber('BENCH_EXPLORER_FILES', 10_000)));
const RUNS = Math.max(1, Math.round(envNumber('BENCH_EXPLORER_RUNS', 5)));

const dirName = (d: number) => `big${String(d).padStart(2, '0')}`;

function generate(root: string): void {
  for (let d = 0; d < DIRS; d++) {
    const dir = path.join(root, dirName(d));
    fs.mkdirSync(dir, { recursive: true });
    for (let f = 0; f < FILES; f++) fs.writeFileSync(path.join(dir, `file${String(f).padStart(5, '0')}.ts`), `export const v = ${f};\n`);
  }
}

interface KeySample {
  frameMs: number;
  longestTaskMs: number;
}

/** Presses `key` on the focused element; the time to the next rendered frame and the longest task meanwhile. */
async function timedKey(page: Page, key: string): Promise<KeySample> {
  await page.evaluate(() => {
    const w = window as unknown as { __sample?: { frameMs?: number; tasks: number[] }; __observer?: PerformanceObserver };
    w.__sample = { tasks: [] };
    w.__observer?.disconnect();
    w.__observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__sample!.tasks.push(e.duration)));
    try {
      w.__observer.observe({ type: 'longtask' });
    } catch {
      /* no long task timing in this browser */
    }
    window.addEventListener(
      'keydown',
      (event) => {
        const pressed = event.timeStamp;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => (w.__sample!.frameMs = performance.now() - pressed);
          channel.port2.postMessage(0);
        });
      },
      { capture: true, once: true },
    );
  });
  await page.keyboard.press(key);
  const sample = await waitFor(
    () => page.evaluate(() => {
      const s = (window as unknown as { __sample: { frameMs?: number; tasks: number[] } }).__sample;
      return s.frameMs === undefined ? undefined : s;
    }),
    { timeout: 60_000, interval: 20, message: `a frame after ${key}` },
  );
  await page.waitForTimeout(100); // long task entries arrive after the task
  const tasks = await page.evaluate(() => (window as unknown as { __sample: { tasks: number[] } }).__sample.tasks);
  return { frameMs: sample!.frameMs!, longestTaskMs: Math.max(0, ...tasks) };
}

const focusedPath = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-path'));

export async function run(): Promise<void> {
  buildIfChanged({ log: (line) => console.log(line) });
  const server = await startServer({ script: 'serve' });
  const browser = await launchBrowser();
  try {
    await server.stop();
    const started = Date.now();
    generate(server.filesDir);
    console.log(`wrote ${(DIRS * FILES).toLocaleString('en-US')} files in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await server.restart();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const loadStart = Date.now();
    await page.goto(server.url);
    const folder = page.locator(`[role=treeitem][data-path="${dirName(0)}"]`);
    await folder.waitFor({ timeout: 180_000 });
    const treeMs = Date.now() - loadStart;
    await folder.focus();

    const expand: KeySample[] = [];
    const collapse: KeySample[] = [];
    for (let i = 0; i < RUNS; i++) {
      expand.push(await timedKey(page, 'ArrowRight'));
      collapse.push(await timedKey(page, 'ArrowLeft'));
    }
    expand.push(await timedKey(page, 'ArrowRight'));
    const rowsInDom = await page.locator('[role=treeitem]').count();
    const setSize = await page.locator(`[role=treeitem][data-path="${dirName(0)}/file00000.ts"]`).getAttribute('aria-setsize');
    const end = await timedKey(page, 'End');
    const last = await focusedPath(page);
    const home = await timedKey(page, 'Home');

    const row = (label: string, samples: KeySample[]) => {
      const frames = samples.map((s) => s.frameMs).sort((a, b) => a - b);
      const tasks = samples.map((s) => s.longestTaskMs).sort((a, b) => a - b);
      return [label, `${quantile(frames, 0.5).toFixed(0)} ms`, `${frames[frames.length - 1].toFixed(0)} ms`, `${tasks[tasks.length - 1].toFixed(0)} ms`];
    };
    console.log(`explorer with ${(DIRS * FILES).toLocaleString('en-US')} files (${DIRS} folders of ${FILES.toLocaleString('en-US')}); tree shown ${treeMs} ms after navigation`);
    printTable(
      ['key on the tree', 'key → frame p50', 'max', 'longest task'],
      [row(`ArrowRight: open a folder of ${FILES.toLocaleString('en-US')}`, expand), row('ArrowLeft: close it', collapse), row('End (last row)', [end]), row('Home', [home])],
    );
    console.log(`rows in the DOM with the folder open: ${rowsInDom} (aria-setsize ${setSize}); End focused ${last}`);
  } finally {
    await browser.close();
    await server.dispose();
  }
}
