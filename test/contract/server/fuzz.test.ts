import * as fc from 'fast-check';
import { RequestMethod, encodeMessage, paramsSchemas } from '../../../src/protocol';
import { loadFixture } from '../support/fixtures';
import { useTestServer } from '../support/server-harness';
import { decodeFrame, fromHex } from '../support/wire';
import { WireSession } from '../support/wire-session';

jest.setTimeout(600_000);

/** Methods left out: hibernation closes every connection by design (tested in system-families.test.ts). */
const SKIPPED = new Set<string>(['client/join', 'system/hibernate']);
const methods = (Object.keys(paramsSchemas) as RequestMethod[]).filter((m) => !SKIPPED.has(m));

/**
 * A valid frame of a request method: the request of its recorded fixture, byte for byte. Its ids are the fixture's
 * placeholders (`<id-3>`), which name nothing on this server, so no mutation of it can reach a real document.
 */
function validFrame(method: RequestMethod): Uint8Array {
  const frame = loadFixture(method).frames.find((f) => f.direction === 'out' && (f.decoded as { method?: unknown }).method === method);
  if (!frame) throw new Error(`the fixture of ${method} has no request frame`);
  return fromHex(frame.hex);
}

/** Values a mutated field gets: edge cases (paths that climb out, huge, negative, wrong kinds) and anything. */
const fieldValue = fc.oneof(
  fc.constantFrom<unknown>(null, '', '/', '.', '..', '../..', '/etc/passwd', 'x'.repeat(5_000), -1, 0, 1.5, 2 ** 53, true, [], {}, new Uint8Array([0xff])),
  fc.anything({ maxDepth: 2, withTypedArray: true, withBigInt: false }),
);

type Path = Array<string | number>;
/** Every place in a value (the value itself first), as paths of keys and indices. */
function placesIn(value: unknown, at: Path = []): Path[] {
  const inner =
    Array.isArray(value) ? value.flatMap((v, i) => placesIn(v, [...at, i]))
    : value && typeof value === 'object' && !(value instanceof Uint8Array) ? Object.entries(value).flatMap(([k, v]) => placesIn(v, [...at, k]))
    : [];
  return [at, ...inner];
}

/** `params` with one place replaced, removed, or given an unknown field. */
function mutateParams(params: unknown, place: Path, action: 'replace' | 'remove' | 'add', value: unknown): unknown {
  const root = { params: structuredClone(params) } as Record<string | number, any>;
  const path: Path = ['params', ...place];
  const parent = path.slice(0, -1).reduce((node, key) => node[key], root);
  const key = path[path.length - 1];
  if (action === 'replace') parent[key] = value;
  else if (action === 'remove' && Array.isArray(parent)) parent.splice(key as number, 1);
  else if (action === 'remove') delete parent[key];
  else if (parent[key] && typeof parent[key] === 'object' && !Array.isArray(parent[key]) && !(parent[key] instanceof Uint8Array)) parent[key].fuzz = value;
  else parent[key] = value;
  return root.params;
}

/**
 * Mutations of a valid request frame: its bytes with 1 to 4 bytes changed, truncated, or with bytes appended (mostly
 * malformed frames), and its params with one field replaced, removed or joined by an unknown one, re-encoded (requests
 * that reach the method's validation and handler).
 */
function mutationsOf(valid: Uint8Array) {
  const request = decodeFrame(valid) as { method: string; params: unknown; id: number };
  const places = placesIn(request.params);
  return fc.oneof(
    fc.array(fc.tuple(fc.nat(valid.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 4 }).map((flips) => {
      const bytes = Uint8Array.from(valid);
      for (const [at, value] of flips) bytes[at] = value;
      return bytes;
    }),
    fc.nat(valid.length - 1).map((n) => valid.slice(0, n)),
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map((extra) => Uint8Array.from([...valid, ...extra])),
    fc
      .tuple(fc.constantFrom(...places), fc.constantFrom('replace' as const, 'remove' as const, 'add' as const), fieldValue)
      .map(([place, action, value]) => encodeMessage({ method: request.method, params: mutateParams(request.params, place, action, value), id: request.id } as never)),
  );
}
const MUTATIONS_PER_METHOD = 16;

/** Params that are not "empty": an empty map is a valid call of several writing methods (git/discard would discard). */
const nonEmpty = (v: unknown) => !(v === null || v === undefined || (typeof v === 'object' && !(v instanceof Uint8Array) && Object.keys(v as object).length === 0));

/**
 * Random params for every method, and mutated frames of a valid request of every method (its recorded fixture's),
 * against a live server: every request and every mutated frame is answered with the protocol's error shape or a
 * result, the process stays up, a new client joins and edits, and no document changed.
 */
describe('fuzzing every method of a live server', () => {
  const context = useTestServer();

  it('answers everything, stays up, and changes no document', async () => {
    const watcher = await WireSession.open(context.server);
    const readme = (await watcher.idOf('README.md'))!;
    const before = (await watcher.ask('file/open', { id: readme })).result;

    // The workspace's start (git init and the initial commit, the tasks) is done first: task/list and the git
    // methods wait for it, and under a loaded CI machine it can take long; fuzzing is about the methods.
    const started = watcher.send('task/list', {});
    await watcher.answer(started, 300_000);

    const fuzzer = await WireSession.open(context.server);
    const params = fc.oneof(
      fc.anything({ withTypedArray: true, withBigInt: false, maxDepth: 3 }),
      fc.dictionary(fc.constantFrom('id', 'path', 'shellId', 'taskId', 'searchId', 'name', 'operation', 'revision', 'size', 'from', 'to', 'languageId', 'message', 'content', 'selection'), fc.anything({ maxDepth: 2 }), { minKeys: 1 }),
    );
    const sample = fc.sample(fc.tuple(fc.constantFrom(...methods), params.filter(nonEmpty)), { numRuns: 600 });
    for (const [method, p] of sample) {
      // Generous: on a loaded 2-core CI machine a git or search request can take many seconds; a request that is
      // never answered still fails, naming itself.
      const id = fuzzer.send(method, p);
      const answer = await fuzzer.answer(id, 90_000).catch((error: Error) => {
        throw new Error(`no answer to ${method} ${JSON.stringify(p, (_k, v) => (v instanceof Uint8Array ? `<${v.length} bytes>` : v))}: ${error.message.slice(0, 300)}`);
      });
      expect(answer.id).toBeDefined();
      expect(answer.method).toBe(method);
      if (answer.status === 1) expect(answer.error).toEqual(expect.objectContaining({ code: expect.any(Number), message: expect.any(String) }));
      else expect(answer.status).toBe(0);
    }
    // Mutated frames: a valid request of every method (its recorded fixture's) with bytes changed, truncated or
    // extended, plus random bytes. Every frame is answered (a request, or the malformed-message error with the id
    // when it can be read, else id null), with a result or the protocol's error shape.
    const batches: Array<{ what: string; frames: Uint8Array[] }> = [
      ...methods.map((method) => ({ what: `mutations of ${method}`, frames: fc.sample(mutationsOf(validFrame(method)), { numRuns: MUTATIONS_PER_METHOD }) })),
      { what: 'random bytes', frames: fc.sample(fc.uint8Array({ minLength: 1, maxLength: 256 }), { numRuns: 50 }) },
    ];
    for (const { what, frames } of batches) {
      const from = fuzzer.wire.received.length;
      for (const bytes of frames) fuzzer.wire.send(bytes);
      const deadline = Date.now() + 90_000;
      const answers = () => fuzzer.wire.received.slice(from).filter((f) => f.value && typeof f.value === 'object' && 'status' in f.value);
      while (answers().length < frames.length) {
        if (Date.now() > deadline) throw new Error(`${what}: ${answers().length} of ${frames.length} frames answered`);
        await fuzzer.wire.waitFor((v) => v && 'status' in v, fuzzer.wire.received.length, 90_000).catch(() => undefined);
      }
      for (const { value } of answers()) {
        if (value.status === 1) expect({ what, error: value.error }).toEqual({ what, error: expect.objectContaining({ code: expect.any(Number), message: expect.any(String) }) });
        else expect({ what, status: value.status, hasResult: 'result' in value }).toEqual({ what, status: 0, hasResult: true });
      }
      expect(answers()).toHaveLength(frames.length);
    }
    // Still answering on the same connection, in order.
    expect((await fuzzer.ask('client/list', {})).status).toBe(0);
    await fuzzer.close();

    const fresh = await WireSession.open(context.server);
    const opened = await fresh.ask('file/open', { id: readme });
    expect(opened.result.content).toBe(before.content);
    expect(opened.result.document.revision).toBe(before.document.revision);
    const edit = await fresh.ask('file/documentOperation', { id: readme, operation: ['!', before.content.length], revision: opened.result.document.revision });
    expect(edit.status).toBe(0);
    await fresh.close();
    await watcher.close();
  });
});
