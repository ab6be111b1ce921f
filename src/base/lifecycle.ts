/** Something that holds resources and lets them go on dispose(). */
export interface Disposable {
  dispose(): void;
}

/**
 * Watches disposables being made and let go (VS Code's idea): a test installs one to find what it leaked. Without a
 * tracker nothing is recorded. `setParent` says a disposable is owned by another (registered in it), so a report can
 * name only the owners that were left undisposed.
 */
export interface DisposableTracker {
  trackDisposable(disposable: Disposable): void;
  markAsDisposed(disposable: Disposable): void;
  setParent(child: Disposable, parent: Disposable): void;
}

let tracker: DisposableTracker | undefined;

/** Installs (or, with undefined, removes) the tracker; returns the one it replaces. */
export function setDisposableTracker(next: DisposableTracker | undefined): DisposableTracker | undefined {
  const previous = tracker;
  tracker = next;
  return previous;
}

/** Records a disposable made outside this module (an event subscription, say) with the tracker, if one is installed. */
export function trackDisposable<T extends Disposable>(disposable: T): T {
  tracker?.trackDisposable(disposable);
  return disposable;
}

/** Records that a disposable tracked with trackDisposable was let go. */
export function markAsDisposed(disposable: Disposable): void {
  tracker?.markAsDisposed(disposable);
}

export const toDisposable = (fn: () => void): Disposable => {
  let done = false;
  const disposable: Disposable = {
    dispose: () => {
      if (done) return;
      done = true;
      markAsDisposed(disposable);
      fn();
    },
  };
  return trackDisposable(disposable);
};

/** Collects disposables and disposes them together, in reverse order of addition. */
export class DisposableStore implements Disposable {
  private readonly items: Disposable[] = [];
  private disposed = false;

  constructor() {
    trackDisposable(this);
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  add<T extends Disposable>(item: T): T {
    if (this.disposed) item.dispose();
    else {
      tracker?.setParent(item, this);
      this.items.push(item);
    }
    return item;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    markAsDisposed(this);
    for (const item of this.items.splice(0).reverse()) item.dispose();
  }
}

/**
 * A base for whatever subscribes (stores, use cases): every subscription, MobX reaction, timer and child it makes is
 * handed to `register` and let go, newest first, when it is disposed. Registering after dispose() disposes at once.
 */
export abstract class DisposableBase implements Disposable {
  private readonly registered = new DisposableStore();

  constructor() {
    trackDisposable(this);
    tracker?.setParent(this.registered, this);
  }

  get isDisposed(): boolean {
    return this.registered.isDisposed;
  }

  /** Keeps `item` until this is disposed; a function is a clean-up (a MobX reaction's disposer, say). */
  protected register<T extends Disposable>(item: T): T;
  protected register(item: () => void): Disposable;
  protected register(item: Disposable | (() => void)): Disposable {
    return this.registered.add(typeof item === 'function' ? toDisposable(item) : item);
  }

  dispose(): void {
    if (this.registered.isDisposed) return;
    markAsDisposed(this);
    this.registered.dispose();
  }
}
