/**
 * The real client stack (PitcherClient, PitcherDocuments, PitcherFileTree, FileTreeStore, EditorStore, DocumentSession)
 * connected to the real server code (PitcherConnection, Workspace, DocumentHub, ServerDocument) through a simulated
 * network whose frames the test delivers one by one, in any interleaving, and whose connections it can cut.
 * Frames are the real msgpack wire frames; time is jest's fake time.
 */
import { decode } from '@msgpack/msgpack';
import { EditorStore } from '../../../../src/application/editor/editor.store';
import { AccessStore } from '../../../../src/application/workspace/access.store';
import { FileTreeStore } from '../../../../src/application/files/file-tree.store';
import { PitcherClient } from '../../../../src/adapters/pitcher/pitcher-client';
import { PitcherDocuments } from '../../../../src/adapters/pitcher/pitcher-documents.adapter';
import { PitcherFileTree } from '../../../../src/adapters/pitcher/pitcher-file-tree.adapter';
import { OPEN, PitcherSocket } from '../../../../src/adapters/pitcher/pitcher-socket';
import { ClientChannel } from '../../../../src/server/application/workspace/client-session';
import { PitcherConnection } from '../../../../src/server/application/workspace/pitcher-connection';
import { PITCHER_TOKEN_PURPOSE, PitcherGrant } from '../../../../src/server/application/workspace/pitcher-grant';
import { Workspace } from '../../../../src/server/application/workspace/workspace';
import { plainTokens } from '../../../support/server-fakes/memory-workspace';

type Listener = (event?: any) => void;
const CLOSED = 3;

/** One connection attempt: frames both ways and the server's end of it. */
interface Link {
  up: Array<Uint8Array | string>;
  down: Array<Uint8Array | string>;
  connection: PitcherConnection;
  alive: boolean;
}

/** The client's end: a PitcherSocket whose traffic goes through the simulated network. */
class SimulatedSocket implements PitcherSocket {
  binaryType = 'arraybuffer';
  readyState = 0;
  private readonly listeners = new Map<string, Listener[]>();

  constructor(private readonly owner: SimulatedClient) {}

  send(data: Uint8Array | string): void {
    this.owner.link?.up.push(data);
  }
  close(): void {
    this.owner.cut();
  }
  reconnect(): void {
    this.owner.cut();
  }
  addEventListener(type: string, listener: Listener): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  fire(type: string, event?: unknown): void {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

export interface TrafficCounters {
  operations: number;
  acks: number;
}

export class SimulatedClient {
  readonly socket: SimulatedSocket;
  readonly pitcher: PitcherClient;
  readonly files: FileTreeStore;
  readonly editor: EditorStore;
  readonly errors: string[] = [];
  readonly traffic: TrafficCounters = { operations: 0, acks: 0 };
  link: Link | undefined;
  private joins = 0;

  constructor(
    readonly name: string,
    private readonly workspace: Workspace,
    private readonly fileId: string,
  ) {
    this.socket = new SimulatedSocket(this);
    this.pitcher = new PitcherClient(() => this.socket);
    this.files = new FileTreeStore(new PitcherFileTree(this.pitcher));
    this.editor = new EditorStore(new PitcherDocuments(this.pitcher), this.files, (message) => this.errors.push(message), new AccessStore(this.pitcher));
    this.pitcher.onDidJoin((join) => void this.joined(join.isReconnect, join.self.clientId));
  }

  get connected(): boolean {
    return this.link?.alive === true;
  }

  get session() {
    return this.editor.session(this.fileId);
  }

  /** First connection. */
  start(): void {
    this.pitcher.connect({ pitcherUrl: 'ws://sim/pitcher', pitcherToken: this.token() });
    this.open();
  }

  /** A new socket (reconnecting-websocket reconnects after a close). */
  open(): void {
    if (this.connected) return;
    const url = new URL((this.pitcher as unknown as { currentUrl(): string }).currentUrl());
    const grant: PitcherGrant = JSON.parse(url.searchParams.get('token') ?? '{}').payload;
    let link!: Link;
    const channel: ClientChannel = {
      send: (frame) => {
        if (link.alive) link.down.push(frame);
      },
      close: () => {
        if (link.alive) this.cut();
      },
    };
    const connection = new PitcherConnection(
      {
        grant,
        reconnectToken: url.searchParams.get('reconnectToken') ?? undefined,
        workspace: async () => this.workspace,
        currentAccess: async () => grant.access,
        tokens: plainTokens,
        newId: () => `${this.name}-${Math.random().toString(36).slice(2, 10)}`,
        log: () => undefined,
      },
      channel,
    );
    link = { up: [], down: [], connection, alive: true };
    this.link = link;
    this.socket.readyState = OPEN;
    this.socket.fire('open');
  }

  /** The connection dies: frames in flight either way are lost. */
  cut(): void {
    const link = this.link;
    if (!link?.alive) return;
    link.alive = false;
    link.up.length = 0;
    link.down.length = 0;
    link.connection.closed();
    this.socket.readyState = CLOSED;
    this.socket.fire('close', { code: 1006, reason: '', wasClean: false });
  }

  /** Delivers up to `count` frames to the server; returns how many. */
  deliverUp(count = Infinity): number {
    const link = this.link;
    let delivered = 0;
    while (link?.alive && link.up.length > 0 && delivered < count) {
      const frame = link.up.shift()!;
      delivered++;
      if (typeof frame === 'string') {
        link.down.push(''); // the server answers every keep-alive text frame
        continue;
      }
      this.count(frame);
      void link.connection.receive(frame);
    }
    return delivered;
  }

  /** Delivers up to `count` frames to the client; returns how many. */
  deliverDown(count = Infinity): number {
    const link = this.link;
    let delivered = 0;
    while (link?.alive && link.down.length > 0 && delivered < count) {
      const frame = link.down.shift()!;
      delivered++;
      this.socket.fire('message', { data: typeof frame === 'string' ? frame : frame.slice().buffer });
    }
    return delivered;
  }

  get pendingFrames(): number {
    return this.link?.alive ? this.link.up.length + this.link.down.length : 0;
  }

  get joinCount(): number {
    return this.joins;
  }

  private count(frame: Uint8Array): void {
    const message = decode(frame) as { method?: string };
    if (message.method === 'file/documentOperation') this.traffic.operations++;
    if (message.method === 'file/documentAck') this.traffic.acks++;
  }

  private token(): string {
    const grant: PitcherGrant = { sandboxId: 'sim', username: this.name, name: this.name, access: 'write' };
    return plainTokens.sign(PITCHER_TOKEN_PURPOSE, grant, 3600);
  }

  /** What WorkbenchStore does on every join: reload the tree, then open the file or resync it. */
  private async joined(isReconnect: boolean, clientId: string): Promise<void> {
    this.joins++;
    this.editor.setSelf(clientId);
    try {
      await this.files.load();
      if (isReconnect) await this.editor.resyncAll();
      else await this.editor.open(this.fileId);
    } catch {
      // a cut connection while loading: the next join tries again
    }
  }
}
