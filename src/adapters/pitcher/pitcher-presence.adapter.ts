import { Emitter } from '../../base/event';
import { PermissionsUpdate, PresencePort } from '../../application/ports/presence.port';
import { PitcherClient } from './pitcher-client';

export class PitcherPresence implements PresencePort {
  private readonly permissions = new Emitter<PermissionsUpdate>();
  private readonly left = new Emitter<{ clientId: string; reason: string }>();
  readonly onDidChangePermissions = this.permissions.event;
  readonly onDidLeave = this.left.event;

  constructor(private readonly client: PitcherClient) {
    client.onNotification('client/permissions', (p) => this.permissions.fire({ isProtected: p.isProtected, permissions: { ...p.permissions } }));
    client.onNotification('client/disconnected', (p) => this.left.fire({ clientId: p.clientId, reason: p.reason }));
  }

  async listClientIds(): Promise<string[]> {
    return (await this.client.request('client/list', {})).map((c) => c.clientId);
  }
}
