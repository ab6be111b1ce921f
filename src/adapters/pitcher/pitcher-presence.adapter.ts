import { Emitter } from '../../base/event';
import { PresencePort } from '../../application/ports/presence.port';
import { PitcherClient } from './pitcher-client';

export class PitcherPresence implements PresencePort {
  private readonly left = new Emitter<{ clientId: string; reason: string }>();
  readonly onDidLeave = this.left.event;

  constructor(private readonly client: PitcherClient) {
    client.onNotification('client/disconnected', (p) => this.left.fire({ clientId: p.clientId, reason: p.reason }));
  }

  async listClientIds(): Promise<string[]> {
    return (await this.client.request('client/list', {})).map((c) => c.clientId);
  }
}
