import { RunningServer } from '../../../src/server/bullpen-server';
import { encodeMessage } from '../../../src/protocol';
import { JOIN_PARAMS } from './scenario';
import { WireClient, startSandbox } from './server-harness';

/** A raw pitcher connection with request ids from 0: sends requests and returns the decoded responses. */
export class WireSession {
  private nextId = 0;
  joinResult: any;

  constructor(readonly wire: WireClient) {}

  /** Starts the default sandbox over HTTP, connects and (by default) joins. `reconnectToken` resumes a client id. */
  static async open(server: RunningServer, options: { join?: boolean; reconnectToken?: string } = {}): Promise<WireSession> {
    const host = await startSandbox(server);
    let url = `${host.pitcherUrl}/?token=${encodeURIComponent(host.pitcherToken)}`;
    if (options.reconnectToken) url += `&reconnectToken=${encodeURIComponent(options.reconnectToken)}`;
    const session = new WireSession(await WireClient.connect(url));
    if (options.join !== false) {
      const joined = await session.ask('client/join', JOIN_PARAMS);
      if (joined.status !== 0) throw new Error(`join failed: ${JSON.stringify(joined)}`);
      session.joinResult = joined.result;
    }
    return session;
  }

  get clientId(): string {
    return this.joinResult.client.clientId;
  }

  /** Sends a request and waits for its response. */
  async ask(method: string, params: unknown): Promise<any> {
    return this.answer(this.send(method, params));
  }

  /** Sends a request without waiting; returns its id. */
  send(method: string, params: unknown): number {
    const id = this.nextId++;
    this.wire.send(encodeMessage({ method, params, id }));
    return id;
  }

  async answer(id: number, timeoutMs = 20_000): Promise<any> {
    return (await this.wire.waitFor((v) => v && v.id === id && 'status' in v, 0, timeoutMs)).value;
  }

  /** Sends raw bytes; the answer is the next rejected response with id null. */
  async raw(bytes: Uint8Array): Promise<any> {
    const from = this.wire.received.length;
    this.wire.send(bytes);
    return (await this.wire.waitFor((v) => v && 'status' in v && v.id === null, from)).value;
  }

  /** The first notification from index `from` matching the method and predicate. */
  async notification(method: string, predicate: (params: any) => boolean = () => true, from = 0, timeoutMs = 20_000): Promise<any> {
    return (await this.wire.waitFor((v) => v && v.method === method && !('id' in v) && predicate(v.params), from, timeoutMs)).value.params;
  }

  /** The tree as fs/read returns it. */
  async tree(): Promise<Array<{ id: string; name: string | null; parentId: string | null; type: number }>> {
    return (await this.ask('fs/read', null)).result.treeNodes;
  }

  /** Id of the node at a workspace path, or undefined. */
  async idOf(path: string): Promise<string | undefined> {
    const nodes = await this.tree();
    let parent = '0';
    let id: string | undefined;
    for (const name of path.split('/')) {
      id = nodes.find((n) => n.parentId === parent && n.name === name)?.id;
      if (!id) return undefined;
      parent = id;
    }
    return id;
  }

  /**
   * Runs a command in a real terminal of the workspace and waits until it finished (only the command's output shows
   * `-42` after the marker: the echoed input shows `$((6*7))`; echo and output may share a chunk).
   */
  async inTerminal(command: string): Promise<void> {
    const size = { cols: 120, rows: 30 };
    const created = await this.ask('shell/create', { type: 'TERMINAL', size });
    if (created.status !== 0) throw new Error(`shell/create failed: ${JSON.stringify(created.error)}`);
    const shellId = created.result.shellId;
    const from = this.wire.received.length;
    const marker = `done-${Math.random().toString(36).slice(2)}`;
    await this.ask('shell/in', { shellId, input: `${command} && echo ${marker}-$((6*7))\r`, size });
    const out = () =>
      this.wire.received
        .slice(from)
        .map((f) => (f.value.method === 'shell/out' && f.value.params.shellId === shellId ? String(f.value.params.out) : ''))
        .join('');
    await eventually(() => (out().includes(`${marker}-42`) ? true : undefined), command);
    await this.ask('shell/terminate', { shellId });
  }

  close(): Promise<void> {
    return this.wire.close();
  }
}

/** Polls `fn` until it returns a truthy value (which it returns) or `timeoutMs` passes (throws). */
export async function eventually<T>(fn: () => T | Promise<T>, message: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      last = await fn();
      if (last) return last as T;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${message} (last: ${last instanceof Error ? last.message : JSON.stringify(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Opens `count` joined sessions of the test server before a describe block's tests (beforeAll) and closes them after
 * (afterAll); `take` receives them, e.g. `useWireSessions(context, 2, (s) => ([a, b] = s))`.
 */
export function useWireSessions(context: { server: RunningServer }, count: number, take: (sessions: WireSession[]) => void): void {
  let sessions: WireSession[] = [];
  beforeAll(async () => {
    sessions = [];
    for (let i = 0; i < count; i++) sessions.push(await WireSession.open(context.server));
    take(sessions);
  });
  afterAll(async () => {
    for (const session of sessions) await session.close();
  });
}
