import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable } from 'mobx';
import { ConnectionStatus, JoinInfo, WorkspaceConnectionPort } from '../ports/workspace-connection.port';

/** The label the workbench shows (spec 002 §4: Connecting, Connected, Disconnected). */
export type ConnectionLabel = 'Connecting' | 'Connected' | 'Disconnected';

@injectable()
export class ConnectionStore {
  status: ConnectionStatus = { kind: 'CONNECTING' };
  join: JoinInfo | undefined = undefined;

  constructor(@inject(WorkspaceConnectionPort) private readonly connection: WorkspaceConnectionPort) {
    makeObservable(this, { status: observable.ref, join: observable.ref, label: computed, canEdit: computed, setStatus: action, setJoin: action });
    connection.onDidChangeStatus((status) => this.setStatus(status));
    connection.onDidJoin((join) => this.setJoin(join));
  }

  get label(): ConnectionLabel {
    switch (this.status.kind) {
      case 'CONNECTED':
        return 'Connected';
      case 'DISCONNECTED':
        return 'Disconnected';
      default:
        return 'Connecting';
    }
  }

  get canEdit(): boolean {
    return this.join?.canEdit ?? false;
  }

  setStatus(status: ConnectionStatus): void {
    this.status = status;
  }

  setJoin(join: JoinInfo): void {
    this.join = join;
  }
}
