import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { WorkbenchConnectionLabel, workbenchLabel } from '../../domain/connection/connection-state';
import { Feature, hasFeature } from '../../domain/versions/features';
import { ConnectionStatus, JoinInfo, WorkspaceConnectionPort } from '../ports/workspace-connection.port';

/** The label the workbench shows (spec 002 §4: Connecting, Connected, Disconnected; HIBERNATED shows Disconnected). */
export type ConnectionLabel = WorkbenchConnectionLabel;

@injectable()
export class ConnectionStore extends DisposableBase {
  status: ConnectionStatus = { kind: 'CONNECTING' };
  join: JoinInfo | undefined = undefined;
  /** The workspace service's version from the last join; undefined before it (and in browser mode). */
  serverVersion: string | undefined = undefined;

  constructor(@inject(WorkspaceConnectionPort) private readonly connection: WorkspaceConnectionPort) {
    super();
    makeObservable(this, { status: observable.ref, join: observable.ref, serverVersion: observable, label: computed, setStatus: action, setJoin: action });
    this.register(connection.onDidChangeStatus((status) => this.setStatus(status)));
    this.register(connection.onDidJoin((join) => this.setJoin(join)));
  }

  get label(): ConnectionLabel {
    return workbenchLabel(this.status);
  }

  setStatus(status: ConnectionStatus): void {
    this.status = status;
  }

  setJoin(join: JoinInfo): void {
    this.join = join;
    this.serverVersion = this.connection.serverVersion;
  }

  /** Spec 001 §9 / 002 §6 feature checks against the joined server's version. */
  hasFeature(feature: Feature): boolean {
    return hasFeature(this.serverVersion, feature);
  }

  /** Starts a reconnect (a user action); returns the refusal text, e.g. 'Already reconnecting'. */
  reconnect(): string | undefined {
    const result = this.connection.reconnect();
    return result.ok ? undefined : result.error.message;
  }
}
