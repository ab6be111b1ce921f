import { Emitter, once } from '../../../src/base/event';
import { setUnexpectedErrorHandler } from '../../../src/base/unexpected-error';

describe('Emitter', () => {
  let reported: unknown[];
  beforeEach(() => {
    reported = [];
    setUnexpectedErrorHandler((error) => reported.push(error));
  });
  afterEach(() => setUnexpectedErrorHandler(undefined));

  it('isolates a listener that throws: it is reported and the next listeners still hear the value', () => {
    const emitter = new Emitter<number>();
    const heard: number[] = [];
    const failure = new Error('listener broke');
    emitter.event((n) => heard.push(n));
    emitter.event(() => {
      throw failure;
    });
    emitter.event((n) => heard.push(n * 10));
    expect(() => emitter.fire(2)).not.toThrow();
    expect(heard).toEqual([2, 20]);
    expect(reported).toEqual([failure]);
  });

  it('goes on when the error handler itself throws', () => {
    setUnexpectedErrorHandler(() => {
      throw new Error('handler broke');
    });
    const emitter = new Emitter<void>();
    let heard = 0;
    emitter.event(() => {
      throw new Error('listener broke');
    });
    emitter.event(() => heard++);
    expect(() => emitter.fire()).not.toThrow();
    expect(heard).toBe(1);
  });

  it('stops calling a listener once its subscription is disposed, and once() resolves with the next value', async () => {
    const emitter = new Emitter<string>();
    const heard: string[] = [];
    const sub = emitter.event((v) => heard.push(v));
    const next = once(emitter.event);
    emitter.fire('a');
    sub.dispose();
    emitter.fire('b');
    expect(heard).toEqual(['a']);
    await expect(next).resolves.toBe('a');
    expect(emitter.hasListeners).toBe(false);
  });

  it('ends every subscription on dispose', () => {
    const emitter = new Emitter<number>();
    const heard: number[] = [];
    emitter.event((n) => heard.push(n));
    emitter.dispose();
    emitter.fire(1);
    expect(heard).toEqual([]);
    expect(emitter.hasListeners).toBe(false);
  });
});
