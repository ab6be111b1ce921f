import { Emitter } from '../../../src/base/event';
import { DisposableBase, DisposableStore, setDisposableTracker, toDisposable } from '../../../src/base/lifecycle';
import { DisposableLeakTracker, ensureNoDisposablesAreLeakedInTestSuite } from '../support/disposable-leaks';

class Counter extends DisposableBase {
  count = 0;
  constructor(source: Emitter<void>, readonly log: string[]) {
    super();
    this.register(source.event(() => this.count++));
    this.register(() => log.push('cleaned'));
  }
  add(child: DisposableBase) {
    return this.register(child);
  }
}

class Leaf extends DisposableBase {}

describe('DisposableBase', () => {
  ensureNoDisposablesAreLeakedInTestSuite();

  it('lets go of every registered subscription and clean-up on dispose, newest first, once', () => {
    const source = new Emitter<void>();
    const log: string[] = [];
    const counter = new Counter(source, log);
    counter.add(new (class extends DisposableBase {
      constructor() {
        super();
        this.register(() => log.push('child'));
      }
    })());
    source.fire();
    counter.dispose();
    counter.dispose();
    source.fire();
    expect(counter.count).toBe(1);
    expect(log).toEqual(['child', 'cleaned']);
    expect(counter.isDisposed).toBe(true);
  });

  it('disposes at once what is registered after dispose', () => {
    const store = new DisposableStore();
    store.dispose();
    let disposed = false;
    store.add(toDisposable(() => (disposed = true)));
    expect(disposed).toBe(true);
  });
});

describe('DisposableLeakTracker', () => {
  let tracker: DisposableLeakTracker;
  beforeEach(() => {
    tracker = new DisposableLeakTracker();
    setDisposableTracker(tracker);
  });
  afterEach(() => setDisposableTracker(undefined));

  it('reports a store left undisposed, once (not the subscriptions it owns), with where it was made', () => {
    const source = new Emitter<void>();
    const counter = new Counter(source, []);
    const roots = tracker.leakedRoots();
    expect(roots.map((r) => r.disposable)).toEqual([counter]);
    expect(tracker.report()).toMatch(/1 disposable\(s\) leaked[\s\S]*Counter[\s\S]*lifecycle\.test\.ts/);
    counter.dispose();
    expect(tracker.report()).toBeUndefined();
  });

  it('reports an event subscription never disposed, and counts subscriptions ended by the emitter as disposed', () => {
    const emitter = new Emitter<number>();
    const sub = emitter.event(() => undefined);
    expect(tracker.leakedRoots().map((r) => r.disposable)).toEqual([sub]);
    emitter.dispose();
    expect(tracker.report()).toBeUndefined();
  });

  it('reports a toDisposable clean-up and a DisposableStore that were never disposed', () => {
    const cleanUp = toDisposable(() => undefined);
    const store = new DisposableStore();
    new Leaf().dispose();
    expect(tracker.leakedRoots().map((r) => r.disposable)).toEqual([cleanUp, store]);
  });
});
