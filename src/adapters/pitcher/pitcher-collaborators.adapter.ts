import { Emitter } from '../../base/event';
import { CollaboratorsPort } from '../../application/ports/collaborators.port';
import { Collaborator } from '../../application/ports/workspace-connection.port';
import { ClientJSON } from '../../protocol';
import { PitcherClient } from './pitcher-client';

const toCollaborator = (c: ClientJSON): Collaborator => ({
  clientId: c.clientId,
  username: c.username,
  name: c.name,
  color: c.color,
  ...(c.avatarUrl ? { avatarUrl: c.avatarUrl } : {}),
});

export class PitcherCollaborators implements CollaboratorsPort {
  private readonly connected = new Emitter<Collaborator>();
  private readonly updated = new Emitter<Collaborator>();
  private readonly disconnected = new Emitter<{ clientId: string }>();
  readonly onDidConnect = this.connected.event;
  readonly onDidUpdate = this.updated.event;
  readonly onDidDisconnect = this.disconnected.event;

  constructor(private readonly client: PitcherClient) {
    client.onNotification('client/connected', (c) => this.connected.fire(toCollaborator(c)));
    client.onNotification('client/updated', (c) => this.updated.fire(toCollaborator(c)));
    client.onNotification('client/disconnected', (p) => this.disconnected.fire({ clientId: p.clientId }));
  }

  async list(): Promise<Collaborator[]> {
    return (await this.client.request('client/list', {})).map(toCollaborator);
  }
}
