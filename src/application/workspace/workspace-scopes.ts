import { inject, injectable, interfaces } from 'inversify';
import { Disposable, DisposableBase } from '../../base/lifecycle';

/** The stores and ports of one open workspace: a child of the root container, let go as a whole. */
export interface WorkspaceScope extends Disposable {
  readonly sandboxId: string;
  readonly container: interfaces.Container;
}

/** Builds the child container of one workspace (the composition root binds it; tests bind fakes). */
export const WorkspaceScopeFactory = Symbol('WorkspaceScopeFactory');
export type WorkspaceScopeFactory = (sandboxId: string) => WorkspaceScope;

/**
 * The open workspaces' scopes (issue 20 §1, design.md "Scopes and lifetime"): the editor route opens one for its
 * sandbox and closes it when the route is left, which disposes every store, subscription and connection in it. The
 * page may prepare the scope of the address it loads with before the first render (the connection starts early,
 * ADR 0012); the route then takes that one.
 */
@injectable()
export class WorkspaceScopes extends DisposableBase {
  private prepared: WorkspaceScope | undefined;
  private readonly open = new Set<WorkspaceScope>();

  constructor(@inject(WorkspaceScopeFactory) private readonly create: WorkspaceScopeFactory) {
    super();
    this.register(() => {
      for (const scope of [...this.open]) this.close(scope);
      this.prepared = undefined;
    });
  }

  /** The scopes open now (a route shows each; normally one). */
  get size(): number {
    return this.open.size;
  }

  /** Makes the scope the page's first route will take, before React renders it. */
  prepare(sandboxId: string): WorkspaceScope {
    if (this.prepared?.sandboxId === sandboxId) return this.prepared;
    if (this.prepared) this.close(this.prepared);
    this.prepared = this.make(sandboxId);
    return this.prepared;
  }

  /** A scope for a route showing `sandboxId`: the one prepared for it, else a new one. */
  take(sandboxId: string): WorkspaceScope {
    const prepared = this.prepared;
    this.prepared = undefined;
    if (prepared?.sandboxId === sandboxId) return prepared;
    if (prepared) this.close(prepared);
    return this.make(sandboxId);
  }

  /** The route was left: everything of the workspace goes. */
  close(scope: WorkspaceScope): void {
    if (!this.open.delete(scope)) return;
    if (this.prepared === scope) this.prepared = undefined;
    scope.dispose();
  }

  private make(sandboxId: string): WorkspaceScope {
    const scope = this.create(sandboxId);
    this.open.add(scope);
    return scope;
  }
}
