import fc from 'fast-check';
import { FsOperation, NodeType } from '../../../../src/domain/fs/file-tree.types';
import { memoryWorkspace } from '../../../support/server-fakes/memory-workspace';
import { SimulatedClient } from '../support/simulated-clients';

/**
 * Several people changing the file tree at once: the real FileTreeStore and PitcherFileTree against the real server
 * code (PitcherConnection, Workspace, WorkspaceTree over in-memory files), with the real wire frames delivered in
 * random interleavings. Each local operation shows at once; those the server refuses (a folder deleted meanwhile, a
 * name taken meanwhile) are reverted with the spec's text. Once everything is delivered, every client shows the
 * server's tree.
 */
type Action =
  | { kind: 'change'; client: number; op: number; a: number; b: number; name: number }
  | { kind: 'up'; client: number; count: number }
  | { kind: 'down'; client: number; count: number };

const NAMES = ['a', 'b', 'c', 'a.txt', 'b.txt', 'notes.md'];
const client = fc.nat(3);
const action: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('change' as const), client, op: fc.nat(3), a: fc.nat(), b: fc.nat(), name: fc.nat() }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('up' as const), client, count: fc.integer({ min: 1, max: 3 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('down' as const), client, count: fc.integer({ min: 1, max: 3 }) }), weight: 2 },
);

const flush = async () => {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
};

const SPEC_TEXTS = /^(File name is undefined|Directory name is undefined|Parent directory not found|.+ is not a directory|.+ already exists( but is not a directory)?|Cannot delete root directory|Root directory cannot be (moved|renamed)|Failed to retrieve a path for the file \(id: .+\): file not found\.|Cannot move .+ into itself or one of its subdirectories \(.+\))$/;

describe('File tree sync simulation (real client and server code)', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] }));
  afterEach(() => jest.useRealTimers());

  it('shows every client the server tree once all is delivered; refused operations are reverted with their text', async () => {
    let fresh = 0;
    let revertedAfterShowing = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 10, maxLength: 120 }), async (actions) => {
        const { workspace } = await memoryWorkspace({ 'notes.md': 'hello\n', 'src/App.js': 'x\n', 'src/lib/util.js': 'y\n', 'docs/guide.md': 'z\n' });
        const fileId = workspace.tree.findByPath('notes.md')!.id;
        const clients = Array.from({ length: 3 }, (_, i) => new SimulatedClient(`user${i}`, workspace, fileId));
        const quiesce = async () => {
          for (let round = 0; round < 200; round++) {
            let moved = 0;
            for (const c of clients) moved += c.deliverUp();
            await flush();
            for (const c of clients) moved += c.deliverDown();
            await flush();
            if (moved === 0) return;
          }
        };
        for (const c of clients) c.start();
        await quiesce();
        const results: Array<Promise<{ ok: boolean; error?: string }>> = [];

        for (const a of actions) {
          const c = clients[a.client % clients.length];
          if (a.kind === 'up') c.deliverUp(a.count);
          else if (a.kind === 'down') c.deliverDown(a.count);
          else {
            const nodes = c.files.tree.toJSON();
            const idAt = (n: number) => nodes[n % nodes.length].id;
            const name = NAMES[a.name % NAMES.length];
            const operation: FsOperation =
              a.op === 0
                ? { type: 'create', parentId: idAt(a.a), newEntry: { id: `n${++fresh}`, type: a.b % 2 ? NodeType.Directory : NodeType.File, name } }
                : a.op === 1
                  ? { type: 'delete', id: idAt(a.a) }
                  : a.op === 2
                    ? { type: 'move', id: idAt(a.a), parentId: idAt(a.b) }
                    : { type: 'move', id: idAt(a.a), name };
            const before = c.files.tree.toJSON();
            const result = c.files.perform(operation).then((r) => (r.ok ? { ok: true } : { ok: false, error: r.error }));
            results.push(result);
            // A refusal from the client's own check changes nothing; an accepted operation shows at once.
            const settledAtOnce = await Promise.race([result, Promise.resolve(undefined)]);
            if (settledAtOnce && !settledAtOnce.ok) expect(c.files.tree.toJSON()).toEqual(before);
            if (!settledAtOnce) void result.then((r) => !r.ok && revertedAfterShowing++);
          }
          await flush();
        }
        await quiesce();
        for (const r of await Promise.all(results)) if (!r.ok) expect(r.error).toMatch(SPEC_TEXTS);
        const server = workspace.tree.toJSON();
        for (const c of clients) expect(c.files.tree.toJSON()).toEqual(server);
        for (const c of clients) c.cut();
      }),
      { numRuns: Number(process.env.SIM_RUNS ?? 25) },
    );
    // The races happened: some operations were shown, then refused by the server and reverted.
    expect(revertedAfterShowing).toBeGreaterThan(0);
  });
});
