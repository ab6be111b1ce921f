/** Real presence, collaborator, tree and editor stores over fakes of their ports, for one client ('me'). */
import 'reflect-metadata';
import { Container } from 'inversify';
import { Emitter } from '../../../../src/base/event';
import { ChannelStore } from '../../../../src/application/channel/channel.store';
import { EditorStore } from '../../../../src/application/editor/editor.store';
import { FileTreeStore } from '../../../../src/application/files/file-tree.store';
import { ChannelMembership, ChannelMessage, ChannelsPort } from '../../../../src/application/ports/channels.port';
import { CollaboratorsPort } from '../../../../src/application/ports/collaborators.port';
import { DocumentsPort, OpenedDocument, RemoteOperation } from '../../../../src/application/ports/documents.port';
import { FileTreePort } from '../../../../src/application/ports/file-tree.port';
import { PresencePort } from '../../../../src/application/ports/presence.port';
import { Collaborator, WorkspaceConnectionPort } from '../../../../src/application/ports/workspace-connection.port';
import { FollowStore } from '../../../../src/application/presence/follow.store';
import { PRESENCE_CHANNEL, PresenceStore } from '../../../../src/application/presence/presence.store';
import { NotifyError } from '../../../../src/application/tokens';
import { AccessStore } from '../../../../src/application/workspace/access.store';
import { CollaboratorsStore } from '../../../../src/application/workspace/collaborators.store';
import { murmurHash } from '../../../../src/domain/hash/murmur';
import { OffsetSelection } from '../../../../src/domain/ot/selection-transform';
import { TextOperation } from '../../../../src/domain/ot/text-operation';
import { FsOperation, JsonTreeNode, NodeType, ROOT_ID } from '../../../../src/domain/fs/file-tree.types';
import { FakeConnection } from '../support/fake-connection';

/** The presence channel as one client sees it: records what it sends; the test delivers what others send. */
export class FakeChannels implements ChannelsPort {
  readonly subscribed = new Emitter<ChannelMembership>();
  readonly unsubscribed = new Emitter<ChannelMembership>();
  readonly messages = new Emitter<ChannelMessage>();
  onDidSubscribe = this.subscribed.event;
  onDidUnsubscribe = this.unsubscribed.event;
  onDidReceiveMessage = this.messages.event;
  readonly sent: Array<{ data: unknown; clients?: string[] }> = [];
  subscribe = async () => ['me', 'ann', 'bob'];
  unsubscribe = async () => undefined;
  message = async (_name: string, data: unknown, clients?: string[]) => {
    this.sent.push(clients ? { data, clients } : { data });
    return clients ?? [];
  };
  from(clientId: string, data: unknown): void {
    this.messages.fire({ name: PRESENCE_CHANNEL, clientId, isUser: true, data });
  }
  focusSent(): unknown[] {
    return this.sent.filter((m) => (m.data as { type: string }).type === 'focus-file');
  }
}

export class FakePresence implements PresencePort {
  readonly left = new Emitter<{ clientId: string; reason: string }>();
  onDidLeave = this.left.event;
  connected = ['me', 'ann', 'bob'];
  listClientIds = async () => this.connected;
}

export class FakeCollaborators implements CollaboratorsPort {
  readonly connected = new Emitter<Collaborator>();
  onDidConnect = this.connected.event;
  onDidUpdate = new Emitter<Collaborator>().event;
  onDidDisconnect = new Emitter<{ clientId: string }>().event;
  clients: Collaborator[] = [
    { clientId: 'me', username: 'me', name: 'Me Myself', color: '#ffffff' },
    { clientId: 'ann', username: 'ann', name: 'Ann', color: '#ff0000' },
    { clientId: 'bob', username: 'bob', name: '', color: '#00ff00' },
  ];
  list = async () => this.clients;
}

/** A server with one text per file id; opening is immediate unless `slowOpen` holds it. */
export class FakeDocuments implements DocumentsPort {
  readonly onDidReceiveOperation = new Emitter<RemoteOperation>().event;
  readonly onDidReceiveSelections = new Emitter<{ fileId: string; selections: Record<string, OffsetSelection[] | null> }>().event;
  readonly onDidSave = new Emitter<{ fileId: string; savedHash: string }>().event;
  readonly onDidJoinFile = new Emitter<{ fileId: string; clientId: string; username: string }>().event;
  readonly onDidLeaveFile = new Emitter<{ fileId: string; clientId: string }>().event;
  texts: Record<string, string> = { readme: '# hi', app: 'line 1\nline 2', long: Array.from({ length: 200 }, (_, i) => `line ${i + 1}`).join('\n') };
  revision = 0;
  /** When set, open() fails with it. */
  openError: Error | undefined;
  readonly operations: Array<{ fileId: string; revision: number; operation: Array<number | string> }> = [];
  async open(fileId: string): Promise<OpenedDocument> {
    if (this.openError) throw this.openError;
    const content = this.texts[fileId] ?? '';
    return { fileId, isBinary: false, content, revision: this.revision, savedHash: murmurHash(content), selections: {}, participants: {} };
  }
  /** The files by path, as the server's tree has them. */
  paths: Record<string, string> = { 'README.md': 'readme', 'src/App.js': 'app', 'long.txt': 'long' };
  async openByPath(path: string): Promise<OpenedDocument> {
    const fileId = this.paths[path.replace(/^\/+/, '')];
    if (fileId === undefined) throw new Error(`Failed to retrieve the file ${path}`);
    return this.open(fileId);
  }
  async sendOperation(fileId: string, revision: number, operation: TextOperation): Promise<{ revision: number }> {
    this.operations.push({ fileId, revision, operation: operation.toJSON() });
    const applied = operation.apply(this.texts[fileId] ?? '');
    if (applied.ok) this.texts[fileId] = applied.value;
    return { revision: ++this.revision };
  }
  acknowledge = async () => undefined;
  sendSelection = async () => undefined;
  save = async () => undefined;
  close = async () => undefined;
}

export class FakeFileTree implements FileTreePort {
  onDidReceiveOperations = new Emitter<Array<{ operation: FsOperation; clock: number }>>().event;
  nodes: JsonTreeNode[] = [
    { id: ROOT_ID, type: NodeType.Directory, name: null, parentId: null },
    { id: 'readme', type: NodeType.File, name: 'README.md', parentId: ROOT_ID },
    { id: 'src', type: NodeType.Directory, name: 'src', parentId: ROOT_ID },
    { id: 'app', type: NodeType.File, name: 'App.js', parentId: 'src' },
    { id: 'long', type: NodeType.File, name: 'long.txt', parentId: ROOT_ID },
  ];
  read = async () => ({ nodes: this.nodes, clock: 1 });
  readdir = async () => [];
  operation = async () => ({ code: 1 as const });
}

/** Lets pending promise chains finish (jsdom has no setImmediate: there, microtasks only). */
export const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
  if (typeof setImmediate === 'function') await new Promise((resolve) => setImmediate(resolve));
};

export interface Workspace {
  container: Container;
  connection: FakeConnection;
  channels: FakeChannels;
  presencePort: FakePresence;
  collaboratorsPort: FakeCollaborators;
  documents: FakeDocuments;
  errors: string[];
  presence: PresenceStore;
  collaborators: CollaboratorsStore;
  editor: EditorStore;
  files: FileTreeStore;
  follow: FollowStore;
}

/** Binds the real stores over the fakes, joins as 'me', loads the tree and the collaborators. */
export async function joinedWorkspace(extra: (c: Container) => void = () => undefined): Promise<Workspace> {
  const c = new Container();
  const connection = new FakeConnection();
  const channels = new FakeChannels();
  const presencePort = new FakePresence();
  const collaboratorsPort = new FakeCollaborators();
  const documents = new FakeDocuments();
  const errors: string[] = [];
  c.bind(WorkspaceConnectionPort).toConstantValue(connection);
  c.bind(ChannelsPort).toConstantValue(channels);
  c.bind(PresencePort).toConstantValue(presencePort);
  c.bind(CollaboratorsPort).toConstantValue(collaboratorsPort);
  c.bind(DocumentsPort).toConstantValue(documents);
  c.bind(FileTreePort).toConstantValue(new FakeFileTree());
  c.bind<NotifyError>(NotifyError).toConstantValue((m: string) => errors.push(m));
  for (const store of [AccessStore, ChannelStore, PresenceStore, CollaboratorsStore, EditorStore, FileTreeStore, FollowStore]) c.bind(store).toSelf().inSingletonScope();
  extra(c);
  const presence = c.get(PresenceStore);
  const collaborators = c.get(CollaboratorsStore);
  const editor = c.get(EditorStore);
  const files = c.get(FileTreeStore);
  const follow = c.get(FollowStore);
  connection.join('me');
  editor.setSelf('me');
  await Promise.all([collaborators.refresh('me'), files.load()]);
  await settle();
  channels.sent.length = 0;
  return { container: c, connection, channels, presencePort, collaboratorsPort, documents, errors, presence, collaborators, editor, files, follow };
}
