import { Container, interfaces } from 'inversify';
import { Disposable, DisposableStore } from '../base/lifecycle';

const scopes = new WeakMap<interfaces.Container, DisposableStore>();

/** What a container's scope lets go of when it is disposed: the singletons made by its bindings, newest first. */
export function scopeDisposables(c: interfaces.Container): DisposableStore {
  let store = scopes.get(c);
  if (!store) {
    store = new DisposableStore();
    scopes.set(c, store);
  }
  return store;
}

const isDisposable = (value: unknown): value is Disposable => typeof (value as Disposable | undefined)?.dispose === 'function';

/**
 * Binds a class as a singleton of container `c`; the instance, once made, is disposed with c's scope. The scope is
 * the one of the binding's container, not of the container asked: a root store first made for a workspace's store
 * still lives as long as the page.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any class, whatever its constructor takes
export function bindSingleton(c: interfaces.Container, cls: new (...args: any[]) => unknown): void {
  c.bind(cls)
    .toSelf()
    .inSingletonScope()
    .onActivation((_context, instance) => {
      if (isDisposable(instance)) scopeDisposables(c).add(instance);
      return instance;
    });
}

/** Disposes a container's scope: its singletons, newest first (dependents before what they depend on), then its bindings. */
export function disposeScope(c: Container): void {
  scopeDisposables(c).dispose();
  scopes.delete(c);
  c.unbindAll();
}
