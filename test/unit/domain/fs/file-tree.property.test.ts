import fc from 'fast-check';
import { type Result, unwrap } from '../../../../src/base/result';
import { FileTree } from '../../../../src/domain/fs/file-tree';
import { type FileTreeError } from '../../../../src/domain/fs/file-tree.errors';
import { NodeType, ROOT_ID } from '../../../../src/domain/fs/file-tree.types';

/**
 * Commands pick their ids at run time among the nodes that exist (plus a missing one), so random sequences grow
 * deep trees and still hit every refusal. Names come from a tiny pool so that they collide.
 */
const NAMES = ['x', 'y', 'z', 'X', 'x', 'y', 'z', 'X', 'x', 'y', '', '.', '..', 'a/b', 'n\0'];
const pick = fc.nat();
const nodeType = fc.constantFrom(NodeType.File, NodeType.Directory);

type Command =
  | { kind: 'create'; parent: number; id: number; name: number; type: NodeType }
  | { kind: 'delete'; id: number }
  | { kind: 'move'; id: number; parent: number | undefined; name: number | undefined }
  | { kind: 'move-null'; id: number }
  | { kind: 'create-path'; parts: string[]; type: NodeType };

const command: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('create' as const), parent: pick, id: pick, name: pick, type: nodeType }), weight: 6 },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), id: pick }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      id: pick,
      parent: fc.option(pick, { nil: undefined }),
      name: fc.option(pick, { nil: undefined }),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant('move-null' as const), id: pick }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('create-path' as const),
      parts: fc.array(fc.constantFrom('x', 'y', 'z', '.', '..', ''), { maxLength: 4 }),
      type: nodeType,
    }),
    weight: 1,
  },
);

/** Runs one command; ids are drawn from the existing nodes, one slot in ten being an unknown id. */
function run(tree: FileTree, next: Command, freshId: () => string): Result<unknown, FileTreeError> {
  const existing = tree.toJSON().map((node) => node.id);
  const idAt = (n: number): string => (n % 10 === 9 ? 'missing' : existing[n % existing.length]);
  const nameAt = (n: number): string => NAMES[n % NAMES.length];
  switch (next.kind) {
    case 'create': {
      const id = next.id % 4 === 0 ? idAt(next.id) : freshId();
      return tree.apply({ type: 'create', parentId: idAt(next.parent), newEntry: { id, type: next.type, name: nameAt(next.name) } });
    }
    case 'delete':
      return tree.apply({ type: 'delete', id: idAt(next.id) });
    case 'move': {
      const parentId = next.parent === undefined ? undefined : idAt(next.parent);
      return tree.apply({ type: 'move', id: idAt(next.id), parentId, name: next.name === undefined ? undefined : nameAt(next.name) });
    }
    case 'move-null':
      return tree.apply({ type: 'move', id: idAt(next.id), parentId: null });
    case 'create-path':
      return tree.createPath(next.parts.join('/'), next.type, freshId);
  }
}

/** The tree invariants, checked through the public API only. */
function checkInvariants(tree: FileTree): void {
  const json = tree.toJSON();
  expect(json[0]).toEqual({ id: ROOT_ID, type: NodeType.Directory, name: null, parentId: null });
  expect(json).toHaveLength(tree.size);
  const byId = new Map(json.map((node) => [node.id, node]));
  expect(byId.size).toBe(json.length);
  const seen = new Set<string>([ROOT_ID]);
  const namesInDirectory = new Set<string>();
  for (const node of json.slice(1)) {
    const parent = byId.get(node.parentId as string);
    expect(parent?.type).toBe(NodeType.Directory);
    expect(seen.has(node.parentId as string)).toBe(true); // parents before children, hence no cycle
    seen.add(node.id);
    expect(node.name).toMatch(/^[^/\0]+$/);
    expect(['.', '..']).not.toContain(node.name);
    const key = `${node.parentId}/${node.name}`;
    expect(namesInDirectory.has(key)).toBe(false);
    namesInDirectory.add(key);
    expect(tree.findByPath(unwrap(tree.pathOf(node.id)))?.id).toBe(node.id);
  }
  const rebuilt = FileTree.fromJSON(json);
  expect(rebuilt.ok && rebuilt.value.toJSON()).toEqual(json);
}

describe('FileTree invariants', () => {
  it('hold after any sequence of valid and invalid operations; refused ones change nothing', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 10, maxLength: 60 }), (commands) => {
        const tree = FileTree.empty();
        let fresh = 0;
        const freshId = (): string => `n${++fresh}`;
        for (const next of commands) {
          const before = tree.toJSON();
          const result = run(tree, next, freshId);
          if (!result.ok) expect(tree.toJSON()).toEqual(before);
          checkInvariants(tree);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('round-trip through toJSON and fromJSON whatever the order of the nodes', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 60 }), fc.infiniteStream(fc.nat()), (commands, randoms) => {
        const tree = FileTree.empty();
        let fresh = 0;
        for (const next of commands) run(tree, next, () => `n${++fresh}`);
        const json = tree.toJSON();
        const shuffled = json.map((node) => ({ node, key: randoms.next().value as number })).sort((l, r) => l.key - r.key);
        const rebuilt = FileTree.fromJSON(shuffled.map(({ node }) => node));
        expect(rebuilt.ok && rebuilt.value.toJSON()).toEqual(json);
      }),
    );
  });
});
