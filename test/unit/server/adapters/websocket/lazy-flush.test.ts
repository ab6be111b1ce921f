import { LazyFlush, LazyHolder } from '../../../../../src/server/adapters/websocket/lazy-flush';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** A holder that records when its lazy frames were written. */
class Holder implements LazyHolder {
  lazySince: number | undefined;
  readonly flushedAt: number[] = [];

  constructor(private readonly flush: LazyFlush) {}

  hold(): void {
    if (this.lazySince !== undefined) return;
    this.lazySince = Date.now();
    this.flush.add(this, this.lazySince);
  }

  /** Its next frame took the lazy ones along. */
  sent(): void {
    this.lazySince = undefined;
  }

  flushLazy(): void {
    if (this.lazySince === undefined) return;
    this.lazySince = undefined;
    this.flushedAt.push(Date.now());
  }
}

describe('LazyFlush', () => {
  it('writes what each holder still holds the delay after it started holding, not at an earlier holder\'s deadline', () => {
    const start = Date.now();
    const flush = new LazyFlush(50);
    const early = new Holder(flush);
    const late = new Holder(flush);
    early.hold();
    jest.advanceTimersByTime(45);
    late.hold();
    jest.advanceTimersByTime(5);
    expect(early.flushedAt).toEqual([start + 50]);
    expect(late.flushedAt).toEqual([]);
    jest.advanceTimersByTime(45);
    expect(late.flushedAt).toEqual([start + 95]);
  });

  it('leaves a holder alone whose frames left with its next frame, also when it holds new ones since (their own deadline counts)', () => {
    const start = Date.now();
    const flush = new LazyFlush(50);
    const holder = new Holder(flush);
    holder.hold();
    jest.advanceTimersByTime(20);
    holder.sent();
    jest.advanceTimersByTime(10);
    holder.hold(); // at 30: written at 80 unless sent before
    jest.advanceTimersByTime(25);
    expect(holder.flushedAt).toEqual([]);
    jest.advanceTimersByTime(25);
    expect(holder.flushedAt).toEqual([start + 80]);
  });
});
