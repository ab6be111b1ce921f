import { inject, injectable } from 'inversify';
import { action, comparer, computed, makeObservable, observable } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { WorkspaceAccess, workspaceAccess } from '../../domain/permissions/workspace-access';
import { offersEnableExtensions } from '../../domain/workbench/extensions-indicator';
import { ClientCapabilities, ClientPermissions, JoinInfo, PermissionsUpdate, WorkspaceConnectionPort } from '../ports/workspace-connection.port';

/**
 * This client's permissions, the one source every write affordance follows (docs/client/permissions.md): those of
 * the last join, replaced by each client/permissions while joined (spec 002 §6: a sandbox switched to read-only at
 * run time makes the editors read-only, the terminal panel the read-only placeholder, and hides or disables every
 * create, rename, delete, upload, commit, push, pull, discard, run, stop and save, without a reload; switching back
 * restores them). Before the first join the client may change nothing.
 */
@injectable()
export class AccessStore extends DisposableBase {
  permissions: ClientPermissions | undefined = undefined;
  isProtected = false;
  /** The last join's capabilities. */
  capabilities: ClientCapabilities = {};

  constructor(@inject(WorkspaceConnectionPort) connection: WorkspaceConnectionPort) {
    super();
    makeObservable(this, {
      permissions: observable.ref,
      isProtected: observable,
      capabilities: observable.ref,
      can: computed({ equals: comparer.structural }),
      offersExtensions: computed,
      update: action,
      joined: action,
    });
    this.register(connection.onDidJoin((join) => this.joined(join)));
    this.register(connection.onDidChangePermissions((update) => this.update(update)));
  }

  /** What this client may change now. */
  get can(): WorkspaceAccess {
    return workspaceAccess(this.permissions);
  }

  /** Whether the status bar offers 'Enable VSCode Extensions' (extensions-indicator.ts). Bullpen runs no VS Code server. */
  get offersExtensions(): boolean {
    return offersEnableExtensions({ canCreateShells: this.can.createShells, shellIo: this.capabilities.shell?.io === true, hasRemoteServer: false });
  }

  /** A join: its permissions and its capabilities. */
  joined(join: JoinInfo): void {
    this.update(join);
    this.capabilities = join.capabilities ?? {};
  }

  update({ permissions, isProtected }: PermissionsUpdate): void {
    this.permissions = permissions;
    this.isProtected = isProtected;
  }
}
