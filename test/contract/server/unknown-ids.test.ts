import { PitcherErrorCode, RequestMethod, paramsSchemas } from '../../../src/protocol';
import { listFixtures, loadFixture } from '../support/fixtures';
import { useTestServer } from '../support/server-harness';
import { Json, fromJsonable } from '../support/wire';
import { WireSession } from '../support/wire-session';

jest.setTimeout(120_000);

type Path = Array<string | number>;

/** Fields that name something the server must know: ids (`id`, `…Id`), the clients a message is for, setup step indices. */
const ID_FIELD = /^(id|[a-z]+Id|stepIndex|stepIndexToSkip|clients)$/;
/** Ids the client chooses for something it creates (a new tree node, a new search, its own LSP request id): not looked up. */
const CHOSEN_BY_THE_CLIENT: Array<[RequestMethod, string]> = [
  ['fs/operation', 'operation.newEntry.id'],
  ['fs/streamingSearch', 'searchId'],
  ['language/lspRequest', 'message.id'],
];
/** What an LSP message carries (a didOpen's textDocument.languageId) is the language server's, not Bullpen's. */
const isLspPayload = (method: RequestMethod, field: string) => method.startsWith('language/') && /^message\.(params|result|error)\./.test(field);

/**
 * Where an unknown id is answered with a result, by design, and why. Every other request naming an id that does
 * not exist must be refused with the protocol's error shape (not a crash: not CRITICAL_ERROR, not silence).
 */
const ANSWERED_BY_DESIGN: Record<string, { why: string; result: unknown }> = {
  'fs/unwatch watchId': { why: 'docs/protocol/fs.md: unknown or already ended watch ids are fine (unwatching twice is harmless)', result: {} },
  'fs/operation operation.id (delete)': {
    why: 'docs/protocol/fs.md: a delete of an id that is already gone is ignored ({code: 1}), so a re-sent delete is harmless',
    result: { code: 1 },
  },
  'file/close id': { why: 'docs/protocol/file.md: closing a file that is not open, or whose id is gone (deleted meanwhile), is no error', result: null },
  'shell/close shellId': { why: 'docs/protocol/shell.md: closing a shell not watched, or already forgotten, is no error', result: null },
  'fs/cancelStreamingSearch searchId': {
    why: 'docs/protocol/search.md: an unknown or already finished id is no error (the answer is the same)',
    result: { searchId: 'no-such-searchId' },
  },
  'channel/message clients': {
    why: 'docs/protocol/system.md: a message goes to the named clients among the subscribers; naming no subscriber reaches nobody',
    result: { clients: [] },
  },
};

/** The requests of every recorded fixture of each method, plus the fs/operation kinds the fixtures do not record. */
function baseRequests(): Array<{ method: RequestMethod; params: unknown; variant?: string }> {
  const recorded = listFixtures().map((name) => {
    const request = loadFixture(name).request as { method: RequestMethod; params: Json };
    return { method: request.method, params: fromJsonable(request.params) };
  });
  return [
    ...recorded,
    { method: 'fs/operation', params: { operation: { type: 'delete', id: 'x' } }, variant: 'delete' },
    { method: 'fs/operation', params: { operation: { type: 'move', id: 'x', name: 'moved.txt' } }, variant: 'move' },
    // To named clients of channel 'chat', to which the test's client has subscribed.
    { method: 'channel/message', params: { name: 'chat', clients: ['x'], data: { text: 'hello' } } },
  ];
}

function idPaths(value: unknown, at: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => idPaths(v, [...at, i]));
  if (!value || typeof value !== 'object' || value instanceof Uint8Array) return [];
  return Object.entries(value).flatMap(([k, v]) => (ID_FIELD.test(k) ? [[...at, k]] : idPaths(v, [...at, k])));
}

/** An id of the same kind (string, number, list of ids) that names nothing. */
const unknownLike = (value: unknown, key: string): unknown =>
  typeof value === 'number' ? 9_999 : Array.isArray(value) ? ['no-such-client'] : `no-such-${key}`;

function withUnknown(params: unknown, path: Path): unknown {
  const copy = structuredClone(params) as Record<string | number, any>;
  const parent = path.slice(0, -1).reduce((node, key) => node[key], copy);
  const key = path[path.length - 1];
  parent[key] = unknownLike(parent[key], String(key));
  return copy;
}

interface Case {
  name: string;
  method: RequestMethod;
  params: unknown;
}

/** One case per method and id field (the first recorded request that has it), that field replaced by an unknown id. */
function cases(): Case[] {
  const out = new Map<string, Case>();
  for (const { method, params, variant } of baseRequests()) {
    if (method === 'client/join' || method === 'system/hibernate') continue;
    for (const path of idPaths(params)) {
      const field = path.filter((k) => typeof k === 'string').join('.');
      if (CHOSEN_BY_THE_CLIENT.some(([m, f]) => m === method && f === field) || isLspPayload(method, field)) continue;
      const name = `${method} ${field}${variant ? ` (${variant})` : ''}`;
      if (!out.has(name)) out.set(name, { name, method, params: withUnknown(params, path) });
    }
  }
  return [...out.values()];
}

/**
 * Every method that takes an id, generated from the recorded requests: each id field replaced by one that does not
 * exist. The answer must be the protocol's error shape (or the documented result of ANSWERED_BY_DESIGN), never a
 * crash or silence.
 */
describe('ids that do not exist, for every method that takes one', () => {
  const context = useTestServer();
  let s: WireSession;
  const all = cases();

  beforeAll(async () => {
    s = await WireSession.open(context.server);
    // task and git requests wait for the workspace's start.
    await s.answer(s.send('task/list', {}), 90_000);
    expect(await s.ask('channel/subscribe', { name: 'chat' })).toMatchObject({ status: 0 });
  });
  afterAll(() => s?.close());

  it('covers every method that takes an id', () => {
    const expected: RequestMethod[] = [
      'file/open', 'file/close', 'file/documentOperation', 'file/documentAck', 'file/documentSelection', 'file/save',
      'fs/operation', 'fs/upload', 'fs/unwatch', 'fs/cancelStreamingSearch',
      'shell/open', 'shell/close', 'shell/in', 'shell/resize', 'shell/restart', 'shell/terminate', 'shell/rename',
      'task/run', 'task/stop', 'task/update', 'task/saveToConfig', 'setup/skip', 'setup/setStep',
      'notification/notifyResponse', 'command/execute', 'channel/message', 'container/setup',
      'language/lspRequest', 'language/lspServerResponse',
    ];
    expect(expected.filter((m) => !(m in paramsSchemas))).toEqual([]);
    expect(expected.filter((m) => !all.some((c) => c.method === m))).toEqual([]);
    expect(Object.keys(ANSWERED_BY_DESIGN).filter((name) => !all.some((c) => c.name === name))).toEqual([]);
  });

  it.each(all.map((c) => [c.name, c] as const))('%s', async (_name, { name, method, params }) => {
    const answer = await s.answer(s.send(method, params), 90_000);
    expect(answer).toMatchObject({ method });
    const designed = ANSWERED_BY_DESIGN[name];
    if (designed) {
      expect({ name, status: answer.status, result: answer.result }).toEqual({ name, status: 0, result: designed.result });
      return;
    }
    expect({ name, status: answer.status }).toEqual({ name, status: 1 });
    expect(answer.error).toEqual(expect.objectContaining({ code: expect.any(Number), message: expect.any(String) }));
    expect({ name, code: answer.error.code }).not.toEqual({ name, code: PitcherErrorCode.CRITICAL_ERROR });
  });
});
