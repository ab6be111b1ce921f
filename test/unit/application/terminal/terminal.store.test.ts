import 'reflect-metadata';
import { Emitter } from '../../../../src/base/event';
import { PortError } from '../../../../src/application/ports/port-error';
import { OpenedShell, ShellInfo, ShellsPort, TerminalSize } from '../../../../src/application/ports/shells.port';
import { CONNECTION_LOSS_AUTHOR, NOT_CONNECTED_TERMINAL_TEXT, TerminalStore, terminalLostText } from '../../../../src/application/terminal/terminal.store';
import { TerminalWriter } from '../../../../src/application/terminal/terminal-output-flow';

const SIZE: TerminalSize = { cols: 80, rows: 24 };
const LIMITS = { highWaterChars: 10, queueLimitChars: 30 };

class FakeShells implements ShellsPort {
  readonly output = new Emitter<{ shellId: string; out: string }>();
  readonly exit = new Emitter<{ shellId: string; exitCode: number }>();
  readonly onDidOutput = this.output.event;
  readonly onDidExit = this.exit.event;
  scrollBack = ['scroll', 'back'];
  connected = true;
  readonly opened: string[] = [];
  /** Resolves the next `open`: the test decides when the answer arrives. */
  private answerOpen: (() => void) | undefined;
  holdOpen = false;

  /** What the server lists (a restarted server has lost its terminals). */
  listed: ShellInfo[] = [{ shellId: 's1', name: 'Terminal 1', status: 'RUNNING', isTerminal: true }];
  async list(): Promise<ShellInfo[]> {
    return this.listed;
  }
  async create(): Promise<OpenedShell> {
    return { shellId: 's2', name: 'Terminal 2', status: 'RUNNING', isTerminal: true, buffer: [] };
  }
  async open(shellId: string): Promise<OpenedShell> {
    this.opened.push(shellId);
    if (this.holdOpen) await new Promise<void>((resolve) => (this.answerOpen = resolve));
    return { shellId, name: 'Terminal 1', status: 'RUNNING', isTerminal: true, buffer: [...this.scrollBack] };
  }
  releaseOpen(): void {
    this.answerOpen?.();
  }
  async input(): Promise<void> {
    if (!this.connected) throw new PortError('disconnected', 'Not able to send message in state RECONNECTING');
  }
  async resize(): Promise<void> {}
}

/** An xterm stand-in: records writes and processes them only when the test says so. */
class FakeWriter implements TerminalWriter {
  readonly written: string[] = [];
  readonly unprocessed: Array<() => void> = [];
  resets = 0;
  write(data: string, done: () => void): void {
    this.written.push(data);
    this.unprocessed.push(done);
  }
  reset(): void {
    this.resets += 1;
    this.written.length = 0;
  }
  processAll(): void {
    while (this.unprocessed.length > 0) this.unprocessed.shift()!();
  }
  get text(): string {
    return this.written.join('');
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

async function attached() {
  const shells = new FakeShells();
  const store = new TerminalStore(shells, () => undefined, LIMITS);
  const view = new FakeWriter();
  store.bindView(view);
  await store.attach(SIZE, true);
  return { shells, store, view, out: (text: string) => shells.output.fire({ shellId: 's1', out: text }) };
}

describe('TerminalStore flow control', () => {
  it('writes the scroll-back and live output to the view while it keeps up', async () => {
    const { view, out } = await attached();
    view.processAll();
    out('hello');
    expect(view.text).toBe('scrollbackhello');
    expect(view.resets).toBe(1);
  });

  it('queues output while the view holds more than the high-water mark unprocessed, and writes it as the view catches up', async () => {
    const { view, out } = await attached();
    view.processAll();
    out('0123456789');
    out('abc');
    out('def');
    expect(view.text).toBe('scrollback0123456789');

    view.processAll();
    expect(view.text).toBe('scrollback0123456789abcdef');
  });

  it('drops the queue past its limit and re-opens the shell: the view is reset to the scroll-back, then live output resumes', async () => {
    const { shells, view, out } = await attached();
    view.processAll();
    out('0123456789');
    shells.holdOpen = true;
    shells.scrollBack = ['latest scroll-back'];
    for (let i = 0; i < 4; i++) out('x'.repeat(10)); // 40 queued > 30
    expect(shells.opened).toEqual(['s1', 's1']);

    out('lost while re-opening');
    shells.releaseOpen();
    await settle();
    view.processAll();
    out('!');

    expect(view.resets).toBe(2);
    expect(view.text).toBe('latest scroll-back!');
  });

  it('never hands the view much more than the high-water mark, however much output arrives', async () => {
    const { view, out } = await attached();
    view.processAll();
    for (let i = 0; i < 1_000; i++) out('y'.repeat(7));
    expect(view.text.length).toBeLessThanOrEqual(LIMITS.highWaterChars + 7 + 'scrollback'.length);
  });
});

describe('TerminalStore input while disconnected', () => {
  it('shows one line the first time input is not sent, and again only after the next (re)attach', async () => {
    const { shells, store, view } = await attached();
    view.processAll();
    shells.connected = false;

    store.input('l');
    store.input('s');
    await settle();
    expect(view.text).toBe(`scrollback\r\n${NOT_CONNECTED_TERMINAL_TEXT}\r\n`);

    shells.connected = true;
    await store.attach(SIZE, true);
    view.processAll();
    shells.connected = false;
    store.input('x');
    await settle();
    expect(view.text).toBe(`scrollback\r\n${NOT_CONNECTED_TERMINAL_TEXT}\r\n`);
    expect(view.resets).toBe(2);
  });

  it('shows nothing when input is sent', async () => {
    const { store, view } = await attached();
    store.input('ls\r');
    await settle();
    expect(view.text).toBe('scrollback');
  });
});

describe('TerminalStore after a resync', () => {
  it('reports a terminal the server no longer has as terminated by connection loss, then attaches a new one', async () => {
    const { shells, store, view } = await attached();
    view.processAll();
    shells.listed = [];
    await store.attach(SIZE, true);
    expect(store.lastTermination).toEqual({ shellId: 's1', author: CONNECTION_LOSS_AUTHOR });
    expect(view.written.join('')).toContain(terminalLostText('connection loss'));
    expect(store.shellId).toBe('s2');
  });

  it('reports nothing when the terminal is still there', async () => {
    const { store } = await attached();
    await store.attach(SIZE, true);
    expect(store.lastTermination).toBeUndefined();
    expect(store.shellId).toBe('s1');
  });
});
