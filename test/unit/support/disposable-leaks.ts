import { Disposable, DisposableTracker, setDisposableTracker } from '../../../src/base/lifecycle';

interface Entry {
  readonly stack: string;
  parent?: Disposable;
  disposed: boolean;
}

/** Records every disposable made while it is installed, with where it was made, and which were let go. */
export class DisposableLeakTracker implements DisposableTracker {
  private readonly entries = new Map<Disposable, Entry>();

  trackDisposable(disposable: Disposable): void {
    const stack = (new Error('made here').stack ?? '').split('\n').slice(3, 12).join('\n');
    this.entries.set(disposable, { stack, disposed: false });
  }

  markAsDisposed(disposable: Disposable): void {
    const entry = this.entries.get(disposable);
    if (entry) entry.disposed = true;
  }

  setParent(child: Disposable, parent: Disposable): void {
    const entry = this.entries.get(child);
    if (entry) entry.parent = parent;
  }

  /** The disposables left undisposed that no other undisposed one owns (disposing those lets go of the rest). */
  leakedRoots(): { disposable: Disposable; stack: string }[] {
    const undisposed = [...this.entries].filter(([, entry]) => !entry.disposed);
    const leaking = new Set(undisposed.map(([disposable]) => disposable));
    return undisposed.filter(([, entry]) => entry.parent === undefined || !leaking.has(entry.parent)).map(([disposable, entry]) => ({ disposable, stack: entry.stack }));
  }

  /** A report naming each leaked root and where it was made, or undefined when nothing leaked. */
  report(): string | undefined {
    const roots = this.leakedRoots();
    if (roots.length === 0) return undefined;
    const described = roots.map(({ disposable, stack }) => `${disposable.constructor?.name || 'Disposable'}\n${stack}`);
    return `${roots.length} disposable(s) leaked (made in the test and never disposed):\n\n${described.join('\n\n')}`;
  }
}

/**
 * Fails every test of the suite that leaves a disposable undisposed (VS Code's ensureNoDisposablesAreLeakedInTestSuite):
 * DisposableBase instances (stores), DisposableStores, toDisposable clean-ups and event subscriptions made during the
 * test must all be disposed by its end. Call it once in a describe block, after the block's own afterEach clean-ups
 * (Jest runs a block's afterEach hooks in the order they were declared).
 */
export function ensureNoDisposablesAreLeakedInTestSuite(): void {
  let tracker: DisposableLeakTracker | undefined;
  let previous: DisposableTracker | undefined;
  beforeEach(() => {
    tracker = new DisposableLeakTracker();
    previous = setDisposableTracker(tracker);
  });
  afterEach(() => {
    setDisposableTracker(previous);
    const report = tracker?.report();
    tracker = undefined;
    if (report) throw new Error(report);
  });
}
