import 'reflect-metadata';
import { Emitter } from '../../../../src/base/event';
import { CollaboratorsPort } from '../../../../src/application/ports/collaborators.port';
import { Collaborator } from '../../../../src/application/ports/workspace-connection.port';
import { CollaboratorsStore } from '../../../../src/application/workspace/collaborators.store';
import { FakeConnection } from '../support/fake-connection';

const person = (clientId: string): Collaborator => ({ clientId, username: clientId, name: clientId, color: '#fff' });

class FakeCollaborators implements CollaboratorsPort {
  readonly onDidConnect = new Emitter<Collaborator>().event;
  readonly onDidUpdate = new Emitter<Collaborator>().event;
  readonly onDidDisconnect = new Emitter<{ clientId: string }>().event;
  listed: Collaborator[] = [];
  lists = 0;
  async list(): Promise<Collaborator[]> {
    this.lists += 1;
    return this.listed;
  }
}

describe('CollaboratorsStore as the clients step of a resync', () => {
  it('lists the collaborators again as the client the last join made this one', async () => {
    const connection = new FakeConnection();
    const port = new FakeCollaborators();
    const store = new CollaboratorsStore(port, connection);
    connection.join('c1');
    port.listed = [person('c1'), person('other')];
    await store.refresh('c1');
    connection.join('c7', undefined, true); // a reconnect: a new client id
    port.listed = [person('c7')];
    await store.resync();
    expect(store.selfId).toBe('c7');
    expect(store.all.map((c) => c.clientId)).toEqual(['c7']);
    expect(port.lists).toBe(2);
  });
});
