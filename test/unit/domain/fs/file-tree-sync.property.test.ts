import fc from 'fast-check';
import { ClockedOperation, FileTreeSync } from '../../../../src/domain/fs/file-tree-sync';
import { FileTree, ReadonlyFileTree } from '../../../../src/domain/fs/file-tree';
import { FsOperation, NodeType } from '../../../../src/domain/fs/file-tree.types';
import { sampleTree } from './support/tree-fixture';

/**
 * One client (the engine under test) and a server that also applies other clients' operations. Requests reach the
 * server in the order they were sent, answers come back in that order, notifications in any order and batching.
 * Whatever the interleaving, once everything is delivered the client shows exactly the server's tree.
 */
type Step =
  | { kind: 'local'; op: number; a: number; b: number; name: number; dir: boolean }
  | { kind: 'remote'; op: number; a: number; b: number; name: number; dir: boolean }
  | { kind: 'serve' }
  | { kind: 'answer' }
  | { kind: 'notify'; pick: number; count: number };

const NAMES = ['x', 'y', 'z', 'x', '', 'a'];
const opFields = { op: fc.nat(2), a: fc.nat(), b: fc.nat(), name: fc.nat(), dir: fc.boolean() };
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('local' as const), ...opFields }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('remote' as const), ...opFields }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('serve' as const) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('answer' as const) }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('notify' as const), pick: fc.nat(), count: fc.integer({ min: 1, max: 3 }) }), weight: 3 },
);

function operationOn(tree: ReadonlyFileTree, s: { op: number; a: number; b: number; name: number; dir: boolean }, freshId: () => string): FsOperation {
  const ids = tree.toJSON().map((n) => n.id);
  const idAt = (n: number) => ids[n % ids.length];
  const name = NAMES[s.name % NAMES.length];
  if (s.op === 0) return { type: 'create', parentId: idAt(s.a), newEntry: { id: freshId(), type: s.dir ? NodeType.Directory : NodeType.File, name } };
  if (s.op === 1) return { type: 'delete', id: idAt(s.a) };
  return { type: 'move', id: idAt(s.a), parentId: s.dir ? idAt(s.b) : undefined, name: s.name % 2 === 0 ? name : undefined };
}

type Answer = { pendingId: number } & ({ kind: 'applied'; clock: number } | { kind: 'ignored' } | { kind: 'refused' });

describe('FileTreeSync convergence', () => {
  it('shows the server tree once every request is answered and every notification delivered', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 5, maxLength: 80 }), (steps) => {
        const server = sampleTree();
        let serverClock = 10;
        const client = FileTreeSync.fromSnapshot(sampleTree(), 10);
        const requests: Array<{ pendingId: number; operation: FsOperation }> = [];
        const answers: Answer[] = [];
        const notifications: ClockedOperation[] = [];
        let fresh = 0;
        const freshId = (side: string) => () => `${side}${++fresh}`;

        const serve = () => {
          const request = requests.shift();
          if (!request) return;
          if (server.isNoop(request.operation)) answers.push({ pendingId: request.pendingId, kind: 'ignored' });
          else if (server.apply(request.operation).ok) answers.push({ pendingId: request.pendingId, kind: 'applied', clock: ++serverClock });
          else answers.push({ pendingId: request.pendingId, kind: 'refused' });
        };
        const answer = () => {
          const next = answers.shift();
          if (!next) return;
          if (next.kind === 'applied') client.acknowledge(next.pendingId, next.clock);
          else client.discard(next.pendingId);
        };
        const notify = (pick: number, count: number) => {
          const batch = notifications.splice(pick % Math.max(1, notifications.length), count);
          client.receive(batch);
        };

        for (const s of steps) {
          if (s.kind === 'local') {
            const operation = operationOn(client.view, s, freshId('L'));
            const local = client.applyLocal(operation);
            if (local.ok) requests.push({ pendingId: local.value, operation });
          } else if (s.kind === 'remote') {
            const operation = operationOn(server, s, freshId('R'));
            if (!server.isNoop(operation) && server.apply(operation).ok) notifications.push({ operation, clock: ++serverClock });
          } else if (s.kind === 'serve') serve();
          else if (s.kind === 'answer') answer();
          else notify(s.pick, s.count);
        }
        while (requests.length > 0) serve();
        while (answers.length > 0) answer();
        while (notifications.length > 0) notify(notifications.length - 1, 2);

        expect(client.pendingOperations).toEqual([]);
        expect(client.clock).toBe(serverClock);
        expect(client.view.toJSON()).toEqual(server.toJSON());
      }),
      { numRuns: 400 },
    );
  });

  it('shows the confirmed tree with the pending operations applied in order, at every step', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 5, maxLength: 40 }), (steps) => {
        const client = FileTreeSync.fromSnapshot(sampleTree(), 0);
        const confirmed = sampleTree();
        let fresh = 0;
        const remote: ClockedOperation[] = [];
        let clock = 0;
        for (const s of steps) {
          if (s.kind === 'local') client.applyLocal(operationOn(client.view, s, () => `L${++fresh}`));
          else if (s.kind === 'remote') {
            const operation = operationOn(confirmed, s, () => `R${++fresh}`);
            if (confirmed.apply(operation).ok) remote.push({ operation, clock: ++clock });
          } else if (s.kind === 'notify') client.receive(remote.splice(0, s.count));
          if (remote.length === 0) {
            const expected = FileTree.fromJSON(confirmed.toJSON());
            if (!expected.ok) throw new Error('unreachable');
            for (const op of client.pendingOperations) expected.value.apply(op);
            expect(client.view.toJSON()).toEqual(expected.value.toJSON());
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
