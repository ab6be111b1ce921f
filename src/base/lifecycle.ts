/** Something that holds resources and lets them go on dispose(). */
export interface Disposable {
  dispose(): void;
}

export const toDisposable = (fn: () => void): Disposable => {
  let done = false;
  return { dispose: () => { if (!done) { done = true; fn(); } } };
};

/** Collects disposables and disposes them together, in reverse order of addition. */
export class DisposableStore implements Disposable {
  private readonly items: Disposable[] = [];
  private disposed = false;

  get isDisposed(): boolean {
    return this.disposed;
  }

  add<T extends Disposable>(item: T): T {
    if (this.disposed) item.dispose();
    else this.items.push(item);
    return item;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const item of this.items.splice(0).reverse()) item.dispose();
  }
}
