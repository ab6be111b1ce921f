import * as fc from 'fast-check';
import { encode } from '@msgpack/msgpack';
import { RequestMethod, paramsSchemas } from '../../../src/protocol';
import { useTestServer } from '../support/server-harness';
import { WireSession } from '../support/wire-session';

jest.setTimeout(600_000);

/** Methods left out: hibernation closes every connection by design (tested in system-families.test.ts). */
const SKIPPED = new Set<string>(['client/join', 'system/hibernate']);
const methods = (Object.keys(paramsSchemas) as RequestMethod[]).filter((m) => !SKIPPED.has(m));

/** Params that are not "empty": an empty map is a valid call of several writing methods (git/discard would discard). */
const nonEmpty = (v: unknown) => !(v === null || v === undefined || (typeof v === 'object' && !(v instanceof Uint8Array) && Object.keys(v as object).length === 0));

/**
 * Random and mutated frames for every method against a live server: every request is answered with the protocol's
 * error shape or a result, the process stays up, a new client joins and edits, and no document changed.
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
    // Mutated frames: a valid request's bytes with random bytes flipped, truncated or extended.
    const valid = encode({ method: 'file/open', params: { id: readme }, id: 9_999 });
    const mutations = fc.sample(
      fc.oneof(
        fc.array(fc.tuple(fc.nat(valid.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 4 }).map((flips) => {
          const bytes = Uint8Array.from(valid);
          for (const [at, value] of flips) bytes[at] = value;
          return bytes;
        }),
        fc.nat(valid.length - 1).map((n) => valid.slice(0, n)),
        fc.uint8Array({ minLength: 1, maxLength: 64 }).map((extra) => Uint8Array.from([...valid, ...extra])),
        fc.uint8Array({ minLength: 1, maxLength: 256 }),
      ),
      { numRuns: 300 },
    );
    for (const bytes of mutations) fuzzer.wire.send(bytes);
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
