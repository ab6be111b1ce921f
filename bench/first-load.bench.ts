/**
 * The workbench in headless Chromium against the real server (issue "Workbench"), built as `npm start` builds it:
 * - cold navigation: from navigation start to the first file shown in an editable editor (the client's
 *   `performance.mark('bullpen:editable')`), a fresh browser context (empty cache) per run; target ≤ 1.0 s. Each
 *   context's new window first sets up Chromium's own interface (a WebUI renderer that takes seconds of CPU on a slow
 *   2-core machine, as a browser does once when it starts), and the navigation starts when that is done
 *   (BENCH_LOAD_SETTLE_MS, 5 s), so that the page does not share the cores with it;
 * - compressed JavaScript transferred before that moment (encoded body bytes of every script and worker request that
 *   started before the mark); target ≤ 1.5 MiB;
 * - typing latency with a 5 MB file open: from the key event's timestamp to just after the next frame is rendered
 *   (rAF, then a message posted after it), p95 over BENCH_TYPING_KEYS (200) keys; target ≤ 16 ms. The same editor
 *   with a 10 KB file is the reference, Monaco alone (its package's build, same options and file, no language
 *   service) what the editor itself costs, and a bare <textarea> in the same browser the floor of the measure (frame
 *   scheduling and input dispatch alone). Measured twice: with Chromium's frames paced at 60 Hz (a key waits up to
 *   16.7 ms for the next frame, which the textarea's p95 shows, so no page can meet 16 ms there) and with frames
 *   unpaced, the work alone, which is what the 16 ms target is read on (ADR 0016). The 5 MB
 *   file is typed into at once and again BENCH_TYPING_SETTLE_MS (10 s) later, when Monaco has tokenized it.
 * BENCH_LOAD_RUNS (5) cold navigations. No assertion on timing.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Browser, Page } from 'playwright-core';
import { wordSuggestionsFor } from '../src/domain/editor/word-suggestions';
import { EDITOR_OPTIONS } from '../src/ui/editor/editor-options';
import { launchBrowser, startServer, waitFor } from '../test/e2e/support/server';
import { envNumber, quantile } from './support/stats';
import { formatRatio, printTable } from './support/table';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildIfChanged } = require('../scripts/build-if-changed') as { buildIfChanged: (o?: { log?: (s: string) => void }) => boolean };

const RUNS = Math.max(1, Math.round(envNumber('BENCH_LOAD_RUNS', 5)));
const KEYS = Math.max(10, Math.round(envNumber('BENCH_TYPING_KEYS', 200)));
const MIB = 1024 * 1024;

interface LoadSample {
  editableMs: number;
  jsBytes: number;
  jsRequests: number;
  /** Stylesheets (each chunk's CSS is a file of its own, ADR 0012): not JavaScript, shown beside it. */
  cssBytes: number;
}

/** How long a new window is left to set up Chromium's own interface before the navigation starts. */
const LOAD_SETTLE_MS = Math.max(0, envNumber('BENCH_LOAD_SETTLE_MS', 5_000));

async function coldLoad(browser: Browser, url: string): Promise<LoadSample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.waitForTimeout(LOAD_SETTLE_MS);
  const scripts: Array<Promise<{ start: number; bytes: number; css: boolean }>> = [];
  const onFinished = (request: import('playwright-core').Request) => {
    const kind = /\.(js|css)(\?|$)/.exec(request.url())?.[1];
    if (kind === undefined) return;
    const start = request.timing().startTime;
    const css = kind === 'css';
    scripts.push(request.sizes().then((sizes) => ({ start, bytes: sizes.responseBodySize, css }), () => ({ start, bytes: 0, css })));
  };
  page.on('requestfinished', onFinished);
  await page.goto(url);
  const editable = await waitFor<{ at: number; epoch: number } | undefined>(
    () => page.evaluate(() => {
      const mark = performance.getEntriesByName('bullpen:editable')[0];
      return mark ? { at: mark.startTime, epoch: performance.timeOrigin + mark.startTime } : undefined;
    }),
    { timeout: 60_000, interval: 20, message: 'the bullpen:editable mark' },
  );
  // Requests that started before the mark may still be finishing: give them a moment, then stop counting.
  await page.waitForTimeout(500);
  page.off('requestfinished', onFinished);
  const finished = await Promise.all(scripts);
  const mark = editable!;
  const before = finished.filter((s) => s.start <= mark.epoch);
  await context.close();
  const js = before.filter((s) => !s.css);
  const sum = (list: typeof before) => list.reduce((total, s) => total + s.bytes, 0);
  return { editableMs: mark.at, jsBytes: sum(js), jsRequests: js.length, cssBytes: sum(before.filter((s) => s.css)) };
}

/** Opens `file` from the explorer, puts the caret on a new last line, types KEYS characters, returns the latencies (ms). */
async function typingLatencies(page: Page, origin: string, sandboxId: string, file: string): Promise<number[]> {
  await page.goto(`${origin}/sandbox/${sandboxId}`);
  await page.locator(`[role=treeitem][data-path="${file}"]`).click({ timeout: 60_000 });
  await page.locator(`[role=tab][data-path="${file}"][aria-selected=true]`).waitFor({ timeout: 60_000 });
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  return keyLatencies(page);
}

/** The same key presses and measurement in a bare <textarea> of the same browser: the floor no editor can beat here. */
async function textareaLatencies(page: Page): Promise<number[]> {
  await page.setContent('<textarea id="t" style="width: 800px; height: 600px"></textarea>');
  await page.locator('#t').click();
  return keyLatencies(page);
}

const MONACO_MIN = path.resolve(__dirname, '../node_modules/monaco-editor/min');
const MONACO_ORIGIN = 'http://monaco.bench';

/**
 * The same key presses in Monaco alone (the package's own build, same version, served to the page from
 * node_modules), with the workbench's editor options (the word-based suggestions Bullpen gives a file of this
 * length included), the same file and no language service: what any editor built on Monaco costs here, before Bullpen
 * adds collaboration, language servers and its workbench. It keeps Monaco's own scheduling of background tokenization
 * (Bullpen's keys-first change, ADR 0016, is in Bullpen's build only).
 */
async function bareMonacoLatencies(page: Page, text: string): Promise<number[]> {
  await page.route(`${MONACO_ORIGIN}/**`, (route) => {
    const pathname = new URL(route.request().url()).pathname;
    if (pathname === '/') {
      return route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><body style="margin:0"><div id="c" style="width:1280px;height:760px"></div>
<script src="/vs/loader.js"></script>
<script>require.config({ paths: { vs: '/vs' } }); require(['vs/editor/editor.main'], () => { window.__monacoReady = true; });</script></body>`,
      });
    }
    const file = path.join(MONACO_MIN, pathname);
    if (!file.startsWith(MONACO_MIN) || !fs.existsSync(file)) return route.fulfill({ status: 404 });
    return route.fulfill({ path: file });
  });
  await page.goto(`${MONACO_ORIGIN}/`);
  await page.waitForFunction(() => (window as unknown as { __monacoReady?: boolean }).__monacoReady === true, undefined, { timeout: 60_000 });
  await page.evaluate(({ value, options }) => {
    type Monaco = typeof import('monaco-editor');
    const w = window as unknown as { monaco: Monaco & { typescript?: Monaco['languages']['typescript'] } };
    const ts = w.monaco.typescript ?? w.monaco.languages.typescript;
    ts?.javascriptDefaults.setModeConfiguration({});
    const editor = w.monaco.editor.create(document.getElementById('c')!, { ...options, value, language: 'javascript' });
    const model = editor.getModel()!;
    const end = { lineNumber: model.getLineCount(), column: model.getLineMaxColumn(model.getLineCount()) };
    editor.setPosition(end);
    editor.revealPosition(end);
    editor.focus();
  }, { value: text, options: { ...(JSON.parse(JSON.stringify(EDITOR_OPTIONS)) as Record<string, unknown>), wordBasedSuggestions: wordSuggestionsFor(text.length, text.length) } });
  await page.keyboard.press('Enter');
  return keyLatencies(page);
}

/** Types KEYS letters into what has the focus; each key's time from its event to just after the next frame (ms). */
async function keyLatencies(page: Page): Promise<number[]> {
  await page.evaluate(() => {
    const w = window as unknown as { __latencies: number[]; __onKey?: (event: KeyboardEvent) => void };
    w.__latencies = [];
    // One listener, also when the same document is measured again.
    if (w.__onKey) window.removeEventListener('keydown', w.__onKey, true);
    w.__onKey = (event) => {
      const pressed = event.timeStamp;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => w.__latencies.push(performance.now() - pressed);
        channel.port2.postMessage(0);
      });
    };
    window.addEventListener('keydown', w.__onKey, true);
  });
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (let i = 0; i < KEYS; i++) {
    await page.keyboard.press(letters[i % letters.length]);
    await page.waitForTimeout(25);
  }
  await page.waitForTimeout(200);
  return page.evaluate(() => (window as unknown as { __latencies: number[] }).__latencies);
}

/** A JavaScript file of just under `bytes` characters (the editor's limit is 5,000,000, spec 002 §9). */
function jsFile(bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; ; i++) {
    const line = `export const value${i} = { id: ${i}, name: 'item ${i}', tags: ['a', 'b', 'c'], enabled: ${i % 2 === 0} };`;
    if (size + line.length + 1 > bytes) break;
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Monaco tokenizes a file in the background after it opens (about 1 ms slices between tasks); in Monaco alone keys
 * typed meanwhile wait behind that work, in Bullpen the work waits for a pause in the typing (ADR 0016). After this
 * long it is done for the 5 MB file, and typing is measured again.
 */
const SETTLE_MS = Math.max(0, envNumber('BENCH_TYPING_SETTLE_MS', 10_000));

/** Waits SETTLE_MS, then types KEYS more letters where the caret is. */
async function typeAgainLater(page: Page): Promise<number[]> {
  await page.waitForTimeout(SETTLE_MS);
  return keyLatencies(page);
}

/** Chromium draws a frame as soon as one is needed instead of at the display's next 60 Hz tick. */
const UNPACED_FRAMES = ['--disable-frame-rate-limit', '--disable-gpu-vsync'];

/** Types KEYS keys into the 10 KB and 5 MB files, a bare <textarea> and Monaco alone in `browser`; prints the table. */
async function typingTable(browser: Browser, server: { origin: string; sandboxId: string; filesDir: string }, title: string, targeted: boolean): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.waitForTimeout(LOAD_SETTLE_MS);
  const small = (await typingLatencies(page, server.origin, server.sandboxId, 'small.js')).sort((a, b) => a - b);
  const big = (await typingLatencies(page, server.origin, server.sandboxId, 'big.js')).sort((a, b) => a - b);
  const bigSettled = (await typeAgainLater(page)).sort((a, b) => a - b);
  const floor = (await textareaLatencies(page)).sort((a, b) => a - b);
  const bare = (await bareMonacoLatencies(page, fs.readFileSync(path.join(server.filesDir, 'big.js'), 'utf8'))).sort((a, b) => a - b);
  const bareSettled = (await typeAgainLater(page)).sort((a, b) => a - b);
  await context.close();
  const row = (label: string, values: number[], target = '') => [label, `${quantile(values, 0.5).toFixed(1)} ms`, `${quantile(values, 0.95).toFixed(1)} ms`, `${values[values.length - 1].toFixed(1)} ms`, target];
  console.log(`\ntyping latency, ${title}, ${KEYS} keys:`);
  printTable(
    ['file', 'p50', 'p95', 'max', 'target'],
    [
      row('bare <textarea> (floor of this measure)', floor),
      row('Monaco alone, same 5 MB file (reference)', bare),
      row(`Monaco alone, 5 MB, ${SETTLE_MS / 1000} s later (reference)`, bareSettled),
      row('10 KB (reference)', small),
      row('5 MB, typing at once', big, targeted ? 'p95 ≤ 16 ms' : '(see below)'),
      row(`5 MB, ${SETTLE_MS / 1000} s later (tokenized)`, bigSettled, targeted ? 'p95 ≤ 16 ms' : '(see below)'),
    ],
  );
  if (!targeted) {
    console.log(
      `The 16 ms target is read on the unpaced table below (ADR 0016): here a key also waits for the next 60 Hz frame, ` +
        `so even the bare textarea's p95 is ${quantile(floor, 0.95).toFixed(1)} ms; Bullpen's p95 above it: ` +
        `${(quantile(big, 0.95) - quantile(floor, 0.95)).toFixed(1)} ms at once, ${(quantile(bigSettled, 0.95) - quantile(floor, 0.95)).toFixed(1)} ms tokenized.`,
    );
  }
  console.log(`5 MB / 10 KB p95: ${formatRatio(quantile(big, 0.95) / quantile(small, 0.95))}; Bullpen / Monaco alone (5 MB) p95: ${formatRatio(quantile(big, 0.95) / quantile(bare, 0.95))}`);
}

export async function run(): Promise<void> {
  buildIfChanged({ log: (line) => console.log(line) });
  const server = await startServer({ script: 'serve' });
  const browser = await launchBrowser();
  try {
    fs.writeFileSync(path.join(server.filesDir, 'big.js'), jsFile(4_990_000));
    fs.writeFileSync(path.join(server.filesDir, 'small.js'), jsFile(10 * 1000));
    const url = `${server.origin}/sandbox/${server.sandboxId}`;
    await coldLoad(browser, url); // the first start of the workspace (git init, template) is not a page load
    const loads: LoadSample[] = [];
    for (let i = 0; i < RUNS; i++) loads.push(await coldLoad(browser, url));
    const times = loads.map((l) => l.editableMs).sort((a, b) => a - b);
    const bytes = loads.map((l) => l.jsBytes).sort((a, b) => a - b);
    console.log(`cold navigation to an editable file, ${RUNS} runs (fresh context each):`);
    printTable(
      ['measure', 'median', 'min', 'max', 'target'],
      [
        ['navigation → editable', `${quantile(times, 0.5).toFixed(0)} ms`, `${times[0].toFixed(0)} ms`, `${times[times.length - 1].toFixed(0)} ms`, '≤ 1000 ms'],
        ['compressed JS before editable', `${(quantile(bytes, 0.5) / MIB).toFixed(2)} MiB`, `${(bytes[0] / MIB).toFixed(2)} MiB`, `${(bytes[bytes.length - 1] / MIB).toFixed(2)} MiB`, '≤ 1.50 MiB'],
        ['JS requests before editable', `${loads[0].jsRequests}`, '', '', ''],
        ['compressed CSS before editable', `${(loads[0].cssBytes / 1024).toFixed(0)} KiB`, '', '', ''],
      ],
    );

    await typingTable(browser, server, 'key event → after the next frame (60 Hz frames)', false);
    const unpaced = await launchBrowser(UNPACED_FRAMES);
    try {
      await typingTable(unpaced, server, 'the same with frames unpaced (no wait for the next 60 Hz frame: the work alone)', true);
    } finally {
      await unpaced.close();
    }
  } finally {
    await browser.close();
    await server.dispose();
  }
}
