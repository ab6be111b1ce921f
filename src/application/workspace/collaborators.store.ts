import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { ResyncFamily } from '../../domain/connection/resync-order';
import { CollaboratorsPort } from '../ports/collaborators.port';
import { Collaborator, WorkspaceConnectionPort } from '../ports/workspace-connection.port';
import { ResyncParticipant } from './resync-participant';

/** Who is connected to the workspace, in join order. */
@injectable()
export class CollaboratorsStore extends DisposableBase implements ResyncParticipant {
  readonly family: ResyncFamily = 'clients';
  readonly skipsInitialLoad = true;
  clients: ReadonlyMap<string, Collaborator> = new Map();
  selfId: string | undefined = undefined;
  /** This client's id from the last join (a reconnect may bring a new one). */
  private joinedAs: string | undefined;

  constructor(
    @inject(CollaboratorsPort) private readonly port: CollaboratorsPort,
    @inject(WorkspaceConnectionPort) connection: WorkspaceConnectionPort,
  ) {
    super();
    makeObservable(this, { clients: observable.ref, selfId: observable, all: computed, replace: action, upsert: action, remove: action });
    this.register(connection.onDidJoin((join) => (this.joinedAs = join.self.clientId)));
    this.register(port.onDidConnect((c) => this.upsert(c)));
    this.register(port.onDidUpdate((c) => this.upsert(c)));
    this.register(port.onDidDisconnect(({ clientId }) => this.remove(clientId)));
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

  /** After a reconnect: the list again (client/list), as the joined client. */
  async resync(): Promise<void> {
    const selfId = this.joinedAs ?? this.selfId;
    if (selfId !== undefined) await this.refresh(selfId);
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
