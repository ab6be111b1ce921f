import { Event } from '../../base/event';
import { Collaborator } from './workspace-connection.port';

export const CollaboratorsPort = Symbol('CollaboratorsPort');

export interface CollaboratorsPort {
  readonly onDidConnect: Event<Collaborator>;
  readonly onDidUpdate: Event<Collaborator>;
  readonly onDidDisconnect: Event<{ clientId: string }>;
  list(): Promise<Collaborator[]>;
}
