import { Disposable } from './lifecycle';

/** A subscribable event: call it with a listener, dispose the result to unsubscribe. */
export type Event<T> = (listener: (value: T) => void) => Disposable;

/** Owns an event: keep the emitter private, expose `emitter.event` as a public `onDidX`. */
export class Emitter<T> implements Disposable {
  private listeners = new Set<(value: T) => void>();

  readonly event: Event<T> = (listener) => {
    this.listeners.add(listener);
    return { dispose: () => void this.listeners.delete(listener) };
  };

  fire(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }

  get hasListeners(): boolean {
    return this.listeners.size > 0;
  }

  dispose(): void {
    this.listeners.clear();
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
