import { Emitter } from '../../../../src/base/event';
import { ok } from '../../../../src/base/result';
import { ConnectionStatus, JoinInfo, ResyncRequest, WorkspaceConnectionPort } from '../../../../src/application/ports/workspace-connection.port';

/** A connection the test drives: status changes, joins and resync requests. */
export class FakeConnection implements WorkspaceConnectionPort {
  readonly statuses = new Emitter<ConnectionStatus>();
  readonly joins = new Emitter<JoinInfo>();
  readonly resyncs = new Emitter<ResyncRequest>();
  readonly onDidChangeStatus = this.statuses.event;
  readonly onDidJoin = this.joins.event;
  readonly onDidRequestResync = this.resyncs.event;
  status: ConnectionStatus = { kind: 'CONNECTING' };
  serverVersion: string | undefined;
  connect(): void {}
  disconnect(): void {}
  reconnect() {
    return ok(undefined);
  }
  async changeInstance(): Promise<void> {}
  requireInstanceChange(): void {}

  setStatus(status: ConnectionStatus): void {
    this.status = status;
    this.statuses.fire(status);
  }

  join(clientId: string, serverVersion = '0.360.4', isReconnect = false): void {
    this.serverVersion = serverVersion;
    this.setStatus({ kind: 'CONNECTED' });
    this.joins.fire({ self: { clientId, username: clientId, name: clientId, color: '#fff' }, canEdit: true, canCreateShells: true, isReconnect });
  }
}
