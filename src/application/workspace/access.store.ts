import { inject, injectable } from 'inversify';
import { action, comparer, computed, makeObservable, observable } from 'mobx';
import { WorkspaceAccess, workspaceAccess } from '../../domain/permissions/workspace-access';
import { ClientPermissions, PermissionsUpdate, WorkspaceConnectionPort } from '../ports/workspace-connection.port';

/**
 * This client's permissions, the one source every write affordance follows (docs/client/permissions.md): those of
 * the last join, replaced by each client/permissions while joined (spec 002 §6: a sandbox switched to read-only at
 * run time makes the editors read-only, the terminal panel the read-only placeholder, and hides or disables every
 * create, rename, delete, upload, commit, push, pull, discard, run, stop and save, without a reload; switching back
 * restores them). Before the first join the client may change nothing.
 */
@injectable()
export class AccessStore {
  permissions: ClientPermissions | undefined = undefined;
  isProtected = false;

  constructor(@inject(WorkspaceConnectionPort) connection: WorkspaceConnectionPort) {
    makeObservable(this, { permissions: observable.ref, isProtected: observable, can: computed({ equals: comparer.structural }), update: action });
    connection.onDidJoin((join) => this.update(join));
    connection.onDidChangePermissions((update) => this.update(update));
  }

  /** What this client may change now. */
  get can(): WorkspaceAccess {
    return workspaceAccess(this.permissions);
  }

  update({ permissions, isProtected }: PermissionsUpdate): void {
    this.permissions = permissions;
    this.isProtected = isProtected;
  }
}
