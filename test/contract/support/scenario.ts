import { realpathSync } from 'node:fs';
import { PROTOCOL_VERSION, encodeMessage } from '../../../src/protocol';
import { RunningServer } from '../../../src/server/bullpen-server';
import { InFrame, WireClient, startSandbox } from './server-harness';
import { Fixture, FixtureFrame, FixtureName, Json, Normaliser, toHex, encodeJsonable } from './wire';

/** The exact params the client adapters send (PitcherClient.opened, PitcherDocuments, PitcherShells). */
export const JOIN_PARAMS = { clientInfo: { protocolVersion: PROTOCOL_VERSION, appId: 'bullpen' }, asyncProgress: false, subscriptions: undefined };
export const SHELL_SIZE = { cols: 80, rows: 24 };
export const SHELL_INPUT = 'echo contract-42\r';
export const EDIT_TEXT = '// contract edit\n';

/** Requester side of the scenario: ids count from 0 per connection, like PitcherClient. */
class Peer {
  private nextId = 0;
  constructor(
    readonly name: 'A' | 'B',
    readonly wire: WireClient,
  ) {}

  send(method: string, params: unknown): { id: number; bytes: Uint8Array } {
    const id = this.nextId++;
    const bytes = encodeMessage({ method, params, id });
    this.wire.send(bytes);
    return { id, bytes };
  }

  mark(): number {
    return this.wire.received.length;
  }

  response(id: number, from: number): Promise<InFrame & { index: number }> {
    return this.wire.waitFor((v) => v && v.id === id && 'status' in v, from);
  }
}

export interface ScenarioResult {
  fixtures: Record<FixtureName, Fixture>;
  /** Everything shell/out carried after shell/in, concatenated (raw, not normalised). */
  shellOutput: string;
}

/**
 * The recorded scenario: A joins, reads the tree, opens src/App.js; B joins and opens it;
 * A edits (B is notified), A saves, A creates a shell and echoes contract-42.
 */
export async function runScenario(server: RunningServer, dataDir: string): Promise<ScenarioResult> {
  const norm = new Normaliser([
    [realpathSync(dataDir), '<data>'],
    [dataDir, '<data>'],
    [server.defaultSandboxId, '<sandbox>'],
  ]);
  const fixtures = {} as Record<FixtureName, Fixture>;
  const frame = (direction: 'out' | 'in', client: 'A' | 'B', bytes: Uint8Array): FixtureFrame => {
    const decoded = norm.value(direction === 'out' ? decodeOut(bytes) : decodeIn(bytes));
    return { direction, client, hex: toHex(encodeJsonable(decoded)), decoded };
  };
  const record = (name: FixtureName, out: Uint8Array, frames: Array<[ 'A' | 'B', InFrame & { index: number }]>): void => {
    const request = frame('out', 'A', out);
    const ins = [...frames]
      .sort((x, y) => (x[0] === y[0] ? x[1].index - y[1].index : x[0] === 'A' ? -1 : 1))
      .map(([client, f]) => frame('in', client, f.bytes));
    fixtures[name] = { request: request.decoded, frames: [request, ...ins] };
  };

  const hostA = await startSandbox(server);
  const a = new Peer('A', await WireClient.connect(`${hostA.pitcherUrl}/?token=${encodeURIComponent(hostA.pitcherToken)}`));
  const clients: WireClient[] = [a.wire];
  try {
    // client-join
    let m = a.mark();
    const join = a.send('client/join', JOIN_PARAMS);
    record('client-join', join.bytes, [['A', await a.response(join.id, m)]]);

    // fs-read
    m = a.mark();
    const read = a.send('fs/read', null);
    const readResponse = await a.response(read.id, m);
    record('fs-read', read.bytes, [['A', readResponse]]);
    const nodes = readResponse.value.result.treeNodes as Array<{ id: string; name: string; parentId: string | null; type: number }>;
    const src = nodes.find((n) => n.name === 'src' && n.type === 1);
    const app = nodes.find((n) => n.name === 'App.js' && n.parentId === src?.id);
    if (!app) throw new Error('src/App.js not found in the tree');

    // file-open
    m = a.mark();
    const open = a.send('file/open', { id: app.id, isResync: false });
    const opened = await a.response(open.id, m);
    record('file-open', open.bytes, [['A', opened]]);
    const content = opened.value.result.content as string;

    // B joins and opens the same file (not recorded)
    const hostB = await startSandbox(server);
    const b = new Peer('B', await WireClient.connect(`${hostB.pitcherUrl}/?token=${encodeURIComponent(hostB.pitcherToken)}`));
    clients.push(b.wire);
    let mb = b.mark();
    await b.response(b.send('client/join', JOIN_PARAMS).id, mb);
    mb = b.mark();
    await b.response(b.send('file/open', { id: app.id, isResync: false }).id, mb);
    await a.wire.waitFor((v) => v.method === 'file/join', m);

    // file-document-operation: A's ack and B's notification
    m = a.mark();
    mb = b.mark();
    const op = a.send('file/documentOperation', { id: app.id, operation: [EDIT_TEXT, content.length], revision: 0, seq: 1 });
    const ack = await a.response(op.id, m);
    const note = await b.wire.waitFor((v) => v.method === 'file/documentOperation', mb);
    record('file-document-operation', op.bytes, [['A', ack], ['B', note]]);

    // file-save: A's response and A's file/save notification
    m = a.mark();
    const save = a.send('file/save', { id: app.id, write: true });
    const saved = await a.response(save.id, m);
    const saveNote = await a.wire.waitFor((v) => v.method === 'file/save', m);
    record('file-save', save.bytes, [['A', saveNote], ['A', saved]]);

    // shell-round-trip
    m = a.mark();
    const create = a.send('shell/create', { size: SHELL_SIZE, type: 'TERMINAL' });
    const created = await a.response(create.id, m);
    const shellId = created.value.result.shellId as string;
    m = a.mark();
    const input = a.send('shell/in', { shellId, input: SHELL_INPUT });
    const inputAck = await a.response(input.id, m);
    const outs: Array<InFrame & { index: number }> = [];
    let shellOutput = '';
    let from = m;
    // Wait for the command's output line (the echoed input alone is not enough).
    while (!/(^|[^ ])contract-42\r?\n/.test(shellOutput.replace(/echo contract-42/g, ''))) {
      const out = await a.wire.waitFor((v) => v.method === 'shell/out' && v.params?.shellId === shellId, from);
      outs.push(out);
      shellOutput += out.value.params.out;
      from = out.index + 1;
    }
    const createFrame = frame('out', 'A', create.bytes);
    const createdFrame = frame('in', 'A', created.bytes);
    const inputFrame = frame('out', 'A', input.bytes);
    fixtures['shell-round-trip'] = {
      request: createFrame.decoded,
      frames: [
        createFrame,
        createdFrame,
        inputFrame,
        ...[inputAck, ...outs].sort((x, y) => x.index - y.index).map((f) => frame('in', 'A', f.bytes)),
      ],
    };
    return { fixtures, shellOutput };
  } finally {
    await Promise.all(clients.map((c) => c.close()));
  }
}

const decodeOut = (bytes: Uint8Array): unknown => require('@msgpack/msgpack').decode(bytes);
const decodeIn = decodeOut;
export type { Json };
