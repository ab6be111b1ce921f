import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable } from 'mobx';
import { CollaboratorsPort } from '../ports/collaborators.port';
import { Collaborator } from '../ports/workspace-connection.port';

/** Who is connected to the workspace, in join order. */
@injectable()
export class CollaboratorsStore {
  clients: ReadonlyMap<string, Collaborator> = new Map();
  selfId: string | undefined = undefined;

  constructor(@inject(CollaboratorsPort) private readonly port: CollaboratorsPort) {
    makeObservable(this, { clients: observable.ref, selfId: observable, all: computed, replace: action, upsert: action, remove: action });
    port.onDidConnect((c) => this.upsert(c));
    port.onDidUpdate((c) => this.upsert(c));
    port.onDidDisconnect(({ clientId }) => this.remove(clientId));
  }

  get all(): Collaborator[] {
    return [...this.clients.values()];
  }

  colorOf(clientId: string): string | undefined {
    return this.clients.get(clientId)?.color;
  }

  async refresh(selfId: string): Promise<void> {
    const list = await this.port.list();
    this.replace(list, selfId);
  }

  replace(list: Collaborator[], selfId: string): void {
    this.selfId = selfId;
    this.clients = new Map(list.map((c) => [c.clientId, c]));
  }

  upsert(c: Collaborator): void {
    this.clients = new Map(this.clients).set(c.clientId, c);
  }

  remove(clientId: string): void {
    const next = new Map(this.clients);
    next.delete(clientId);
    this.clients = next;
  }
}
