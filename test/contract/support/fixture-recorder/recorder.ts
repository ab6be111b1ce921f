import { decode } from '@msgpack/msgpack';
import { mkdirSync, realpathSync } from 'node:fs';
import * as path from 'node:path';
import { RunningServer } from '../../../../src/server/bullpen-server';
import { WorkspaceStorage } from '../../../../src/server/application/ports/workspace-storage.port';
import { SandboxService } from '../../../../src/server/application/sandbox/sandbox-service';
import { Workspace } from '../../../../src/server/application/workspace/workspace';
import { WorkspaceRegistry } from '../../../../src/server/application/workspace/workspace-registry';
import { JOIN_PARAMS } from '../scenario';
import { WireClient, removeDir, startTestServer, tempDataDir } from '../server-harness';
import { WireSession } from '../wire-session';
import { Fixture, FixtureComparison, Json, Normaliser, PeerName, VolatileRule, encodeJsonable, toHex } from '../wire';

const PEERS: PeerName[] = ['A', 'B', 'R'];
const DEFAULT_TIMEOUT_MS = 20_000;

/** A notification a request is expected to cause: the first one to `to` after the request that matches. */
export interface Expect {
  to: PeerName;
  method: string;
  /** Also given the request's response (e.g. to match the shell id it created). */
  where?: (params: any, response: any) => boolean;
}

export interface FixtureOptions {
  /** Set-up, and what causes notifications that no request of the fixture causes. */
  note?: string;
  /** Default 'exact'. 'shape' needs `variable`: why the content differs between runs. */
  compare?: FixtureComparison;
  variable?: string;
  /** Placeholders for volatile values only this fixture has (metrics numbers). */
  volatile?: VolatileRule;
}

interface RawFrame {
  peer: PeerName;
  direction: 'out' | 'in';
  value: unknown;
}

/** Builds one fixture: every request it sends and every response and notification it waits for is recorded. */
export class FixtureBuilder {
  readonly frames: RawFrame[] = [];
  private readonly taken = new Set<unknown>();

  constructor(private readonly group: GroupRecorder) {}

  /** Index of the next frame `peer` will receive (for waiting on later notifications). */
  mark(peer: PeerName): number {
    return this.group.peer(peer).wire.received.length;
  }

  /** Sends a request, records it, its response and the notifications in `expect` (in the order of arrival per peer). */
  async ask(peer: PeerName, method: string, params: unknown, expect: Expect[] = [], timeoutMs = DEFAULT_TIMEOUT_MS): Promise<any> {
    const marks = this.group.marks();
    const id = this.send(peer, method, params);
    return this.answer(peer, id, marks, expect, timeoutMs);
  }

  /** Sends a request and records it, without waiting. */
  send(peer: PeerName, method: string, params: unknown): number {
    const session = this.group.peer(peer);
    const id = session.send(method, params);
    this.frames.push({ peer, direction: 'out', value: decode(session.wire.sent[session.wire.sent.length - 1]) });
    return id;
  }

  /** Waits for and records the response to `id` and the expected notifications (received after `marks`). */
  async answer(peer: PeerName, id: number, marks: Record<PeerName, number>, expect: Expect[] = [], timeoutMs = DEFAULT_TIMEOUT_MS): Promise<any> {
    const got: Array<{ peer: PeerName; index: number; value: any }> = [];
    const response = await this.group.peer(peer).wire.waitFor((v) => v && v.id === id && 'status' in v, marks[peer], timeoutMs);
    got.push({ peer, index: response.index, value: response.value });
    for (const e of expect) got.push({ peer: e.to, ...(await this.take(e, marks[e.to], timeoutMs, response.value)) });
    got.sort((x, y) => (x.peer === y.peer ? x.index - y.index : PEERS.indexOf(x.peer) - PEERS.indexOf(y.peer)));
    for (const g of got) this.frames.push({ peer: g.peer, direction: 'in', value: g.value });
    return response.value;
  }

  /** Waits for and records a notification to `peer` (from index `from`), e.g. one a server-side event causes. */
  async note(peer: PeerName, method: string, where?: (params: any) => boolean, from = 0, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<any> {
    const got = await this.take({ to: peer, method, where }, from, timeoutMs);
    this.frames.push({ peer, direction: 'in', value: got.value });
    return got.value.params;
  }

  private async take(e: Expect, from: number, timeoutMs: number, response?: unknown): Promise<{ index: number; value: any }> {
    const frame = await this.group
      .peer(e.to)
      .wire.waitFor(
        (v) => v && v.method === e.method && !('id' in v) && 'params' in v && !this.taken.has(v) && (e.where?.(v.params, response) ?? true),
        from,
        timeoutMs,
      );
    this.taken.add(frame.value);
    return { index: frame.index, value: frame.value };
  }
}

/** Closes a session; one whose close handshake does not finish within 2 s (a connection the server replaced) is dropped. */
async function closeSession(session: WireSession): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), 2_000)));
  if ((await Promise.race([session.close(), late])) === 'late') session.wire.ws.terminate();
  clearTimeout(timer);
}

/** A fixture group: one fresh server and workspace, sessions A and B (writers) and R (a reader) on demand. */
export interface FixtureGroup {
  name: string;
  /** Writes files into the workspace (and its home directory) before it starts. */
  prepare?(dirs: { filesDir: string; homeDir: string }): void;
  /** Whether A and B are joined before `run` (default true; the client group records A's join itself). */
  joinFirst?: boolean;
  run(group: GroupRecorder): Promise<void>;
}

/** Runs a group's scenario against one real server and collects its fixtures, normalised. */
export class GroupRecorder {
  readonly fixtures = new Map<string, Fixture>();
  readonly norm: Normaliser;
  private readonly sessions = new Map<PeerName, WireSession>();
  /** Every session opened (a peer that reconnects leaves its old one here), closed at the end. */
  private readonly opened: WireSession[] = [];

  private constructor(
    readonly group: string,
    readonly server: RunningServer,
    readonly dataDir: string,
  ) {
    this.norm = new Normaliser([
      [realpathSync(dataDir), '<data>'],
      [dataDir, '<data>'],
      [server.defaultSandboxId, '<sandbox>'],
      [`:${server.port}`, ':<server-port>'],
    ]);
  }

  get sandboxId(): string {
    return this.server.defaultSandboxId;
  }
  get filesDir(): string {
    return path.join(this.dataDir, 'sandboxes', this.sandboxId, 'files');
  }
  get homeDir(): string {
    return this.server.container.get<WorkspaceStorage>(WorkspaceStorage).homeDir(this.sandboxId);
  }

  static async run(group: FixtureGroup): Promise<Map<string, Fixture>> {
    const dataDir = tempDataDir();
    const server = await startTestServer(dataDir);
    const recorder = new GroupRecorder(group.name, server, dataDir);
    try {
      mkdirSync(recorder.homeDir, { recursive: true });
      group.prepare?.({ filesDir: recorder.filesDir, homeDir: recorder.homeDir });
      if (group.joinFirst !== false) {
        await recorder.connect('A');
        await recorder.connect('B');
      }
      await group.run(recorder);
      return recorder.fixtures;
    } finally {
      await Promise.all(recorder.opened.map(closeSession));
      await server.close();
      removeDir(dataDir);
    }
  }

  peer(name: PeerName): WireSession {
    const session = this.sessions.get(name);
    if (!session) throw new Error(`peer ${name} is not connected`);
    return session;
  }

  marks(): Record<PeerName, number> {
    const out = {} as Record<PeerName, number>;
    for (const p of PEERS) out[p] = this.sessions.get(p)?.wire.received.length ?? 0;
    return out;
  }

  /**
   * Connects a peer: A and B as guests with write access, R as the read-only user 'viewer'. With `join` (default)
   * it joins, and the normaliser learns its ids first (so A is always <id-1>, B <id-2> in every group).
   */
  async connect(name: PeerName, options: { join?: boolean; reconnectToken?: string } = {}): Promise<WireSession> {
    let session: WireSession;
    if (name === 'R') {
      const started = await this.server.container
        .get(SandboxService)
        .start(this.sandboxId, { username: 'viewer', name: 'Viewer', access: 'read' }, `ws://127.0.0.1:${this.server.port}/pitcher`);
      if (!started.ok) throw new Error('could not start the sandbox for the reader');
      session = new WireSession(await WireClient.connect(`${started.value.pitcher_url}/?token=${encodeURIComponent(started.value.pitcher_token)}`));
    } else {
      session = await WireSession.open(this.server, { join: false, reconnectToken: options.reconnectToken });
    }
    this.sessions.set(name, session);
    this.opened.push(session);
    if (options.join !== false) {
      const joined = await session.ask('client/join', JOIN_PARAMS);
      if (joined.status !== 0) throw new Error(`join failed: ${JSON.stringify(joined)}`);
      session.joinResult = joined.result;
      this.norm.value(joined.result);
    }
    return session;
  }

  /** The running workspace, for events only the server itself causes (a notification it shows, a command it adds). */
  workspace(): Promise<Workspace> {
    return this.server.container.get(WorkspaceRegistry).get(this.sandboxId);
  }

  /** Records a fixture named `<method>` or `<method>.<case>`. */
  async fixture(name: string, options: FixtureOptions, body: (f: FixtureBuilder) => Promise<void>): Promise<void> {
    if (this.fixtures.has(name)) throw new Error(`fixture ${name} recorded twice`);
    if (process.env.FIXTURES_DEBUG) process.stderr.write(`[fixtures] ${this.group}: ${name}\n`);
    const builder = new FixtureBuilder(this);
    await body(builder);
    const method = name.split('.')[0];
    const frames = builder.frames.map((f) => {
      const decoded = this.norm.value(f.value, options.volatile);
      return { direction: f.direction, client: f.peer, hex: toHex(encodeJsonable(decoded)), decoded };
    });
    const request =
      frames.find((f) => f.direction === 'out' && (f.decoded as { method?: Json }).method === method) ?? frames.find((f) => f.direction === 'out');
    if (!request) throw new Error(`fixture ${name} sent no request`);
    const compare = options.compare ?? 'exact';
    if (compare === 'shape' && !options.variable) throw new Error(`fixture ${name}: say why its content varies`);
    this.fixtures.set(name, {
      method,
      group: this.group,
      ...(options.note ? { note: options.note } : {}),
      compare,
      ...(options.variable ? { variable: options.variable } : {}),
      request: request.decoded,
      frames,
    });
  }
}
