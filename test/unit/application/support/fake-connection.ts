import { Emitter } from '../../../../src/base/event';
import { ok } from '../../../../src/base/result';
import {
  ClientPermissions,
  ConnectionStatus,
  JoinInfo,
  PermissionsUpdate,
  ResyncRequest,
  WorkspaceConnectionPort,
} from '../../../../src/application/ports/workspace-connection.port';
import writerJoin from '../../../contract/fixtures/client/client-join.json';
import readerJoin from '../../../contract/fixtures/client/client-join.reader.json';

export type AccessLevel = 'read' | 'write';

/** The permissions of a recorded join result (the real server's table; jsdom tests cannot load the protocol codec). */
function recordedPermissions(fixture: { frames: Array<{ decoded: unknown }> }): ClientPermissions {
  const result = fixture.frames.map((f) => (f.decoded as { result?: { permissions?: ClientPermissions } }).result).find((r) => r?.permissions);
  if (!result?.permissions) throw new Error('the join fixture has no permissions');
  return result.permissions;
}

/** The permission table the server gives a writer or a reader (spec 002 §6), as recorded. */
export const permissionsOf = (level: AccessLevel): ClientPermissions => recordedPermissions(level === 'write' ? writerJoin : readerJoin);

/** A connection the test drives: status changes, joins (as a writer unless told otherwise), permission changes and resync requests. */
export class FakeConnection implements WorkspaceConnectionPort {
  readonly statuses = new Emitter<ConnectionStatus>();
  readonly joins = new Emitter<JoinInfo>();
  readonly resyncs = new Emitter<ResyncRequest>();
  readonly permissionChanges = new Emitter<PermissionsUpdate>();
  readonly onDidChangeStatus = this.statuses.event;
  readonly onDidJoin = this.joins.event;
  readonly onDidRequestResync = this.resyncs.event;
  readonly onDidChangePermissions = this.permissionChanges.event;
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

  join(clientId: string, serverVersion = '0.360.4', isReconnect = false, access: AccessLevel = 'write'): void {
    this.serverVersion = serverVersion;
    this.setStatus({ kind: 'CONNECTED' });
    // The capabilities Bullpen's server gives (src/server/application/workspace/permissions.ts), the part clients read.
    const capabilities = { shell: { io: true, list: true, openClose: true, createTerminate: true } };
    this.joins.fire({ self: { clientId, username: clientId, name: clientId, color: '#fff' }, permissions: permissionsOf(access), capabilities, isProtected: false, isReconnect });
  }

  /** client/permissions: the sandbox's access changed while joined. */
  changeAccess(access: AccessLevel): void {
    this.permissionChanges.fire({ isProtected: false, permissions: permissionsOf(access) });
  }
}
