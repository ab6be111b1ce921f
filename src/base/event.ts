import { Disposable, markAsDisposed, trackDisposable } from './lifecycle';
import { onUnexpectedError } from './unexpected-error';

/** A subscribable event: call it with a listener, dispose the result to unsubscribe. */
export type Event<T> = (listener: (value: T) => void) => Disposable;

/**
 * Owns an event: keep the emitter private, expose `emitter.event` as a public `onDidX`. A listener that throws is
 * reported (src/base/unexpected-error.ts) and the others still hear the value.
 */
export class Emitter<T> implements Disposable {
  private readonly subscriptions = new Map<Disposable, (value: T) => void>();

  readonly event: Event<T> = (listener) => {
    const subscription: Disposable = {
      dispose: () => {
        if (!this.subscriptions.delete(subscription)) return;
        markAsDisposed(subscription);
      },
    };
    this.subscriptions.set(subscription, listener);
    return trackDisposable(subscription);
  };

  fire(value: T): void {
    for (const listener of [...this.subscriptions.values()]) {
      try {
        listener(value);
      } catch (error) {
        onUnexpectedError(error);
      }
    }
  }

  get hasListeners(): boolean {
    return this.subscriptions.size > 0;
  }

  /** Ends every subscription (they count as disposed). */
  dispose(): void {
    for (const subscription of [...this.subscriptions.keys()]) subscription.dispose();
  }
}

/** Resolves with the next value of an event. */
export function once<T>(event: Event<T>): Promise<T> {
  return new Promise((resolve) => {
    const sub = event((value) => {
      sub.dispose();
      resolve(value);
    });
  });
}
