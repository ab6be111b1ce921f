import { encode } from '@msgpack/msgpack';
import WebSocket from 'ws';
import { MAX_FRAME_BYTES, MAX_FRAME_VALUES, PROTOCOL_VERSION, PitcherErrorCode, encodeMessage } from '../../../src/protocol';
import { RunningServer } from '../../../src/server/bullpen-server';
import { JOIN_PARAMS } from '../support/scenario';
import { WireClient, removeDir, startSandbox, startTestServer, tempDataDir } from '../support/server-harness';
import { eventually } from '../support/wire-session';

jest.setTimeout(60_000);

/** A joined raw connection: sends requests with ids from 0 and returns the decoded response. */
class Session {
  private nextId = 0;
  constructor(readonly wire: WireClient) {}

  static async open(server: RunningServer, join = true): Promise<Session> {
    const host = await startSandbox(server);
    const s = new Session(await WireClient.connect(`${host.pitcherUrl}/?token=${encodeURIComponent(host.pitcherToken)}`));
    if (join) expect(await s.ask('client/join', JOIN_PARAMS)).toMatchObject({ status: 0 });
    return s;
  }

  async ask(method: string, params: unknown): Promise<any> {
    const id = this.nextId++;
    const from = this.wire.received.length;
    this.wire.send(encodeMessage({ method, params, id }));
    return (await this.wire.waitFor((v) => v && v.id === id && 'status' in v, from)).value;
  }

  /** Sends raw bytes; the answer is the next rejected response with id null. */
  async raw(bytes: Uint8Array): Promise<any> {
    const from = this.wire.received.length;
    this.wire.send(bytes);
    return (await this.wire.waitFor((v) => v && 'status' in v && v.id === null, from)).value;
  }
}

async function appJsId(s: Session): Promise<string> {
  const read = await s.ask('fs/read', null);
  const nodes = read.result.treeNodes as Array<{ id: string; name: string; parentId: string; type: number }>;
  const src = nodes.find((n) => n.name === 'src' && n.type === 1)!;
  return nodes.find((n) => n.name === 'App.js' && n.parentId === src.id)!.id;
}

const rejectedWith = (code: PitcherErrorCode, id: number | null = expect.any(Number) as unknown as number) =>
  expect.objectContaining({ id, status: 1, error: expect.objectContaining({ code, message: expect.any(String) }) });

describe('bad input over a real websocket (write access)', () => {
  let dataDir: string;
  let server: RunningServer;
  let s: Session;
  let fileId: string;
  let before: { content: string; revision: number };

  beforeAll(async () => {
    dataDir = tempDataDir();
    server = await startTestServer(dataDir);
    s = await Session.open(server);
    fileId = await appJsId(s);
    const opened = await s.ask('file/open', { id: fileId, isResync: false });
    // One real edit first, so "unchanged" means revision 1 with that edit.
    const ack = await s.ask('file/documentOperation', { id: fileId, operation: ['// base\n', opened.result.content.length], revision: 0 });
    expect(ack).toMatchObject({ status: 0, result: { revision: 1 } });
    const again = await s.ask('file/open', { id: fileId, isResync: false });
    before = { content: again.result.content, revision: again.result.document.revision };
  });
  afterAll(async () => {
    await s?.wire.close();
    await server?.close();
    removeDir(dataDir);
  });

  /** After each bad input: the connection stays open, a valid request succeeds, the server is up, the document is unchanged. */
  afterEach(async () => {
    expect(s.wire.closed).toBe(false);
    expect(await s.ask('client/list', {})).toMatchObject({ status: 0, result: expect.any(Array) });
    const res = await fetch(`${server.url}/api/v1/vm/${server.defaultSandboxId}/start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(200);
    const reopened = await s.ask('file/open', { id: fileId, isResync: false });
    expect({ content: reopened.result.content, revision: reopened.result.document.revision }).toEqual(before);
  });

  it('malformed msgpack bytes → 1000 MALFORMED_MESSAGE with id null', async () => {
    const res = await s.raw(new Uint8Array([0xc1, 0x00, 0x01]));
    expect(res).toEqual(rejectedWith(PitcherErrorCode.MALFORMED_MESSAGE, null));
    expect(res.method).toBeNull();
    expect(res.error.message).toMatch(/^Malformed message/);
  });

  it('a truncated map → 1000 MALFORMED_MESSAGE', async () => {
    const res = await s.raw(encode({ method: 'client/list', params: {}, id: 1 }).slice(0, 10));
    expect(res).toEqual(rejectedWith(PitcherErrorCode.MALFORMED_MESSAGE, null));
  });

  it('params with a __proto__ key (refused by the decoder) → 1000 MALFORMED_MESSAGE answered to that request', async () => {
    // {method: 'git/pull', params: {__proto__: 1}, id: 77}, written by hand: encoders will not write that key.
    const frame = new Uint8Array([
      0x83,
      ...encode('method'), ...encode('git/pull'),
      ...encode('params'), 0x81, 0xa9, ...new TextEncoder().encode('__proto__'), 0x01,
      ...encode('id'), 77,
    ]);
    const from = s.wire.received.length;
    s.wire.send(frame);
    const res = (await s.wire.waitFor((v) => v && 'status' in v && v.id === 77, from)).value;
    expect(res).toEqual(rejectedWith(PitcherErrorCode.MALFORMED_MESSAGE, 77));
    expect(res.method).toBe('git/pull');
    expect(res.error.message).toBe('Malformed message: The key __proto__ is not allowed');
  });

  it('a frame holding more than MAX_FRAME_VALUES values → 1002 MESSAGE_TOO_LARGE answered to its request', async () => {
    // {method: 'client/list', params: [<2,000,000 empty maps>], id: 78}: 2 MB that would decode to 2 million objects.
    const count = 2_000_000;
    const head = encode({ method: 'client/list', id: 78, params: null });
    const frame = new Uint8Array(head.length - 1 + 5 + count).fill(0x80);
    frame.set(head.subarray(0, head.length - 1));
    frame[head.length - 1] = 0xdd;
    new DataView(frame.buffer).setUint32(head.length, count);
    const from = s.wire.received.length;
    s.wire.send(frame);
    const res = (await s.wire.waitFor((v) => v && 'status' in v && v.id === 78, from)).value;
    expect(res).toEqual(rejectedWith(PitcherErrorCode.MESSAGE_TOO_LARGE, 78));
    expect(res.error.message).toBe(`Message holds more than ${MAX_FRAME_VALUES} values (array elements and map entries), the limit`);
  });

  it('an unknown method → 1 FEATURE_UNAVAILABLE', async () => {
    const res = await s.ask('nope/unknown', {});
    expect(res).toEqual(rejectedWith(PitcherErrorCode.FEATURE_UNAVAILABLE));
    expect(res.error.message).toBe('Method nope/unknown is not available in this workspace');
  });

  it.each([
    ['file/open', () => ({ id: 42 }), 'params.id must be a string'],
    ['file/documentOperation', (id: string) => ({ id, operation: ['x'], revision: 'one' }), 'params.revision must be an integer'],
    ['shell/in', () => ({ shellId: 'abc', input: 7 }), 'params.input must be a string'],
    ['shell/in', () => 'not a map', 'params must be a map'],
  ])('%s with params of the wrong type → 1001 INVALID_PARAMS', async (method, params, detail) => {
    const res = await s.ask(method, params(fileId));
    expect(res).toEqual(rejectedWith(PitcherErrorCode.INVALID_PARAMS));
    expect(res.error.message).toBe(`Invalid params for ${method}: ${detail}`);
  });

  it('a request before client/join → 1003 NOT_JOINED (and join still works after)', async () => {
    const fresh = await Session.open(server, false);
    const res = await fresh.ask('file/open', { id: fileId });
    expect(res).toEqual(rejectedWith(PitcherErrorCode.NOT_JOINED));
    expect(res.error.message).toMatch(/join/i);
    expect(await fresh.ask('client/join', JOIN_PARAMS)).toMatchObject({ status: 0 });
    await fresh.wire.close();
  });

  it('client/join on a joined connection → 1004 ALREADY_JOINED (the connection stays joined)', async () => {
    const res = await s.ask('client/join', JOIN_PARAMS);
    expect(res).toEqual(rejectedWith(PitcherErrorCode.ALREADY_JOINED));
    expect(res.error.message).toBe('This connection has already joined; client/join is sent once per connection (reconnect to join again)');
  });

  it('an operation whose base length differs → 1010 INVALID_OPERATION', async () => {
    const res = await s.ask('file/documentOperation', { id: fileId, operation: ['x', before.content.length + 5], revision: before.revision });
    expect(res).toEqual(rejectedWith(PitcherErrorCode.INVALID_OPERATION));
    expect(res.error.message.startsWith("An operation's base length must equal the document length")).toBe(true);
  });

  it.each([[[{}]], [[0]], [['a', 'b', 1.5]], ['not an array'], [[-1000000]]])('a malformed operation %j → 1010', async (operation) => {
    const res = await s.ask('file/documentOperation', { id: fileId, operation, revision: before.revision });
    expect(res).toEqual(rejectedWith(PitcherErrorCode.INVALID_OPERATION));
  });

  it('a revision in the future → 1011 INVALID_REVISION', async () => {
    const res = await s.ask('file/documentOperation', { id: fileId, operation: ['x', before.content.length], revision: before.revision + 10 });
    expect(res).toEqual(rejectedWith(PitcherErrorCode.INVALID_REVISION));
  });

  it("shell/create with cwd '../..' → 101 INVALID_PATH", async () => {
    const res = await s.ask('shell/create', { cwd: '../..', size: { cols: 80, rows: 24 }, type: 'TERMINAL' });
    expect(res).toEqual(rejectedWith(PitcherErrorCode.INVALID_PATH));
    expect(res.error.message).toBe('Invalid path: ../..');
  });

  it('a text frame is a ping answered with an empty text frame', async () => {
    const pong = new Promise<string>((resolve) => s.wire.ws.once('message', (data, isBinary) => !isBinary && resolve(String(data))));
    s.wire.ws.send('');
    await expect(pong).resolves.toBe('');
  });
});

describe('a frame over MAX_FRAME_BYTES', () => {
  let dataDir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dataDir = tempDataDir();
    server = await startTestServer(dataDir);
  });
  afterAll(async () => {
    await server?.close();
    removeDir(dataDir);
  });

  it('closes the connection with 1009 (message too big) and logs one warning line without a stack; the server stays up', async () => {
    const s = await Session.open(server);
    const warnings: string[] = [];
    const errors: string[] = [];
    const warn = jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void warnings.push(args.map(String).join(' ')));
    const error = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(' ')));
    try {
      s.wire.send(new Uint8Array(MAX_FRAME_BYTES + 1));
      await eventually(() => s.wire.closed, 'the close');
      expect(s.wire.closeCode).toBe(1009);
      await eventually(() => warnings.length > 0, 'the warning');
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
    expect(warnings).toEqual([`[bullpen] closed a pitcher connection of ${server.defaultSandboxId}: it sent a frame over the limit of ${MAX_FRAME_BYTES} bytes (close 1009)`]);
    expect(errors).toEqual([]);
    // The same refusal again soon after is not written again.
    const second = await Session.open(server);
    const more: string[] = [];
    const warnAgain = jest.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => void more.push(args.map(String).join(' ')));
    try {
      second.wire.send(new Uint8Array(MAX_FRAME_BYTES + 1));
      await eventually(() => second.wire.closed, 'the second close');
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      warnAgain.mockRestore();
    }
    expect(more).toEqual([]);
    const again = await Session.open(server);
    expect(await again.ask('client/list', {})).toMatchObject({ status: 0 });
    await again.wire.close();
  });
});

describe('access and authentication', () => {
  let dataDir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dataDir = tempDataDir();
    server = await startTestServer(dataDir, 'read');
  });
  afterAll(async () => {
    await server?.close();
    removeDir(dataDir);
  });

  it('a read-only token cannot documentOperation, save or create shells (2 NO_ACCESS)', async () => {
    const s = await Session.open(server);
    const fileId = await appJsId(s);
    const opened = await s.ask('file/open', { id: fileId, isResync: false });
    expect(opened.status).toBe(0);
    const op = await s.ask('file/documentOperation', { id: fileId, operation: ['x', opened.result.content.length], revision: 0 });
    expect(op).toEqual(rejectedWith(PitcherErrorCode.NO_ACCESS));
    expect(op.error.message).toBe('You do not have permission to use file/documentOperation');
    expect(await s.ask('file/save', { id: fileId, write: true })).toEqual(rejectedWith(PitcherErrorCode.NO_ACCESS));
    expect(await s.ask('shell/create', { size: { cols: 80, rows: 24 }, type: 'TERMINAL' })).toEqual(rejectedWith(PitcherErrorCode.NO_ACCESS));
    expect(await s.ask('client/list', {})).toMatchObject({ status: 0 });
    const reopened = await s.ask('file/open', { id: fileId, isResync: false });
    expect(reopened.result.content).toBe(opened.result.content);
    expect(reopened.result.document.revision).toBe(0);
    await s.wire.close();
  });

  it.each([['garbage'], ['']])('an invalid token %j is refused at the upgrade with HTTP 401', async (token) => {
    const host = await startSandbox(server);
    const status = await new Promise<number>((resolve, reject) => {
      const ws = new WebSocket(`${host.pitcherUrl}/?token=${encodeURIComponent(token)}`);
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('open', () => reject(new Error('upgrade accepted')));
      ws.once('error', (e) => reject(e));
    });
    expect(status).toBe(401);
  });

  it('a token for the wrong sandbox cannot be forged by editing it', async () => {
    const host = await startSandbox(server);
    const tampered = host.pitcherToken.slice(0, -2) + (host.pitcherToken.endsWith('AA') ? 'BB' : 'AA');
    await expect(WireClient.connect(`${host.pitcherUrl}/?token=${encodeURIComponent(tampered)}`)).rejects.toThrow('HTTP 401');
  });
});

describe('durability', () => {
  it('an acknowledged edit survives a server restart without save', async () => {
    const dataDir = tempDataDir();
    try {
      let server = await startTestServer(dataDir);
      let s = await Session.open(server);
      const fileId = await appJsId(s);
      const opened = await s.ask('file/open', { id: fileId, isResync: false });
      const ack = await s.ask('file/documentOperation', { id: fileId, operation: ['// survives restart\n', opened.result.content.length], revision: 0 });
      expect(ack).toMatchObject({ status: 0, result: { revision: 1 } });
      await server.close();
      await eventually(() => s.wire.closed, 'the old connection to close');

      server = await startTestServer(dataDir);
      s = await Session.open(server);
      expect(await appJsId(s)).toBe(fileId);
      const reopened = await s.ask('file/open', { id: fileId, isResync: false });
      expect(reopened.result.content).toBe(`// survives restart\n${opened.result.content}`);
      expect(reopened.result.document.revision).toBe(1);
      await s.wire.close();
      await server.close();
    } finally {
      removeDir(dataDir);
    }
  });
});
void PROTOCOL_VERSION;
