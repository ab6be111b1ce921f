/** @jest-environment jsdom */
import { whenIdle } from '../../../src/ui/when-idle';

type IdleGlobals = { requestIdleCallback?: unknown; cancelIdleCallback?: unknown };
const globals = globalThis as unknown as IdleGlobals;

describe('whenIdle', () => {
  const saved = { request: globals.requestIdleCallback, cancel: globals.cancelIdleCallback };
  afterEach(() => {
    globals.requestIdleCallback = saved.request;
    globals.cancelIdleCallback = saved.cancel;
    jest.useRealTimers();
  });

  it('uses requestIdleCallback with the time-out where there is one, and cancels through it', () => {
    const calls: Array<{ fn: () => void; options: unknown }> = [];
    const cancelled: number[] = [];
    globals.requestIdleCallback = (fn: () => void, options: unknown) => {
      calls.push({ fn, options });
      return 7;
    };
    globals.cancelIdleCallback = (handle: number) => cancelled.push(handle);
    const fn = jest.fn();
    const cancel = whenIdle(fn, 100);
    expect(calls).toEqual([{ fn, options: { timeout: 100 } }]);
    cancel();
    expect(cancelled).toEqual([7]);
  });

  it('without requestIdleCallback (Safari), runs after the next frame, and not at all once cancelled', () => {
    delete globals.requestIdleCallback;
    delete globals.cancelIdleCallback;
    jest.useFakeTimers();
    const ran = jest.fn();
    whenIdle(ran, 100);
    expect(ran).not.toHaveBeenCalled();
    jest.advanceTimersByTime(100);
    expect(ran).toHaveBeenCalledTimes(1);

    const cancelledFn = jest.fn();
    const cancel = whenIdle(cancelledFn, 100);
    cancel();
    jest.advanceTimersByTime(100);
    expect(cancelledFn).not.toHaveBeenCalled();
  });
});
