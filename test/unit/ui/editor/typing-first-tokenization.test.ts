import * as fs from 'node:fs';
import * as path from 'node:path';
import { BackgroundTokenizer, TOKENIZATION_PAUSE_AFTER_KEY_MS, putTypingBeforeTokenization } from '../../../../src/ui/editor/typing-first-tokenization';

/** What running any task takes, so that time passes as in a browser. */
const TASK_MS = 0.05;

/** A virtual clock and task queue: setTimeout, and requestIdleCallback as a task with a deadline. */
class Env {
  t = 0;
  private readonly queue: Array<{ at: number; run: () => void }> = [];
  readonly clock = { now: () => this.t, setTimeout: (run: () => void, ms: number) => this.later(run, ms) };
  later(run: () => void, ms: number): void {
    this.queue.push({ at: this.t + ms, run });
  }
  runUntil(time: number): void {
    for (;;) {
      this.queue.sort((a, b) => a.at - b.at);
      const next = this.queue[0];
      if (!next || next.at > time) break;
      this.queue.shift();
      this.t = Math.max(this.t, next.at) + TASK_MS;
      next.run();
    }
    this.t = Math.max(this.t, time);
  }
}

const IDLE_DEADLINE_MS = 50;

/** Monaco's DefaultBackgroundTokenizer (textModelTokens.js) as far as scheduling goes: bursts of 1 ms slices. */
function tokenizerClass(env: Env) {
  return class FakeTokenizer implements BackgroundTokenizer {
    _isScheduled = false;
    /** When each slice ran. */
    readonly slices: number[] = [];
    constructor(public linesLeft: number) {}
    _beginBackgroundTokenization(): void {
      if (this._isScheduled || this.linesLeft === 0) return;
      this._isScheduled = true;
      env.later(() => {
        this._isScheduled = false;
        this._backgroundTokenizeWithDeadline({ timeRemaining: () => IDLE_DEADLINE_MS });
      }, 0);
    }
    _backgroundTokenizeWithDeadline(deadline: { timeRemaining(): number }): void {
      const endTime = env.t + deadline.timeRemaining();
      const execute = () => {
        if (this.linesLeft === 0) return;
        this._backgroundTokenizeForAtLeast1ms();
        if (env.t < endTime) env.later(execute, 0);
        else this._beginBackgroundTokenization();
      };
      execute();
    }
    _backgroundTokenizeForAtLeast1ms(): void {
      this.slices.push(env.t);
      this.linesLeft--;
      env.t += 1;
    }
  };
}

function setUp(lines: number) {
  const env = new Env();
  const Tokenizer = tokenizerClass(env);
  let lastKeyAt = -Infinity;
  expect(putTypingBeforeTokenization(Tokenizer.prototype, () => lastKeyAt, env.clock)).toBe(true);
  const tokenizer = new Tokenizer(lines);
  /** Keys at `from`, from + every, … up to `to`. */
  const typeFrom = (from: number, to: number, every: number) => {
    for (let at = from; at <= to; at += every) env.later(() => (lastKeyAt = env.t), at - env.t);
  };
  return { env, tokenizer, typeFrom, pressKey: () => (lastKeyAt = env.t) };
}

describe('background tokenization waits for a pause in the typing', () => {
  it('colours the whole document in bursts when nobody types', () => {
    const { env, tokenizer } = setUp(200);
    tokenizer._beginBackgroundTokenization();
    env.runUntil(1_000);
    expect(tokenizer.linesLeft).toBe(0);
  });

  it('runs no slice while keys come, and carries on once none came for the pause', () => {
    const { env, tokenizer, typeFrom } = setUp(200);
    typeFrom(0, 600, 30);
    env.runUntil(0);
    tokenizer._beginBackgroundTokenization();
    env.runUntil(600 + TOKENIZATION_PAUSE_AFTER_KEY_MS - 1);
    expect(tokenizer.slices).toEqual([]);
    env.runUntil(2_000);
    expect(tokenizer.linesLeft).toBe(0);
    expect(tokenizer.slices[0]).toBeGreaterThanOrEqual(600 + TOKENIZATION_PAUSE_AFTER_KEY_MS);
    expect(tokenizer.slices[0]).toBeLessThan(600 + TOKENIZATION_PAUSE_AFTER_KEY_MS + 1);
  });

  it('stops a burst under way at the first key', () => {
    const { env, tokenizer, pressKey } = setUp(10_000);
    tokenizer._beginBackgroundTokenization();
    env.runUntil(10);
    const before = tokenizer.slices.length;
    expect(before).toBeGreaterThan(5);
    pressKey();
    env.runUntil(10 + TOKENIZATION_PAUSE_AFTER_KEY_MS - 1);
    expect(tokenizer.slices.length).toBe(before);
    env.runUntil(1_000);
    expect(tokenizer.slices.length).toBeGreaterThan(before);
  });

  it('asks for one idle period at a time while it waits, whatever edits ask meanwhile', () => {
    const { env, tokenizer, pressKey } = setUp(100);
    pressKey();
    tokenizer._beginBackgroundTokenization();
    env.runUntil(1); // the idle period came during the pause: the burst waits, still scheduled
    expect(tokenizer._isScheduled).toBe(true);
    const begin = jest.spyOn(tokenizer, '_backgroundTokenizeWithDeadline');
    tokenizer._beginBackgroundTokenization(); // an edit
    env.runUntil(TOKENIZATION_PAUSE_AFTER_KEY_MS + 1);
    expect(begin).toHaveBeenCalledTimes(1);
  });

  it('leaves a tokenizer that is not as expected alone', () => {
    const prototype = { _backgroundTokenizeWithDeadline: () => undefined, _beginBackgroundTokenization: () => undefined };
    const before = { ...prototype };
    expect(putTypingBeforeTokenization(prototype, () => 0, new Env().clock)).toBe(false);
    expect(prototype).toEqual(before);
  });
});

describe("Monaco's background tokenizer (guard for upgrades)", () => {
  it('still has what typing-first-tokenization.ts changes', () => {
    const source = fs.readFileSync(path.resolve(__dirname, '../../../../node_modules/monaco-editor/esm/vs/editor/common/model/textModelTokens.js'), 'utf8');
    const body = source.slice(source.indexOf('class DefaultBackgroundTokenizer'));
    expect(source).toMatch(/export \{[^}]*\bDefaultBackgroundTokenizer\b/);
    for (const method of ['_beginBackgroundTokenization()', '_backgroundTokenizeWithDeadline(deadline)', '_backgroundTokenizeForAtLeast1ms()']) expect(body).toContain(method);
    expect(body).toContain('this._isScheduled = false;');
    expect(body).toContain('this._backgroundTokenizeForAtLeast1ms();');
  });
});
