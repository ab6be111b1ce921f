import { unwrap } from '../../../../../src/base/result';
import { FileTree } from '../../../../../src/domain/fs/file-tree';
import { NodeType, ROOT_ID } from '../../../../../src/domain/fs/file-tree.types';

/**
 * A small workspace with readable ids:
 *   /src (src)/App.js (app), /src/components (components)/Button.tsx (button), /README.md (readme), /package.json (pkg)
 */
export function sampleTree(): FileTree {
  const tree = FileTree.empty();
  const add = (id: string, parentId: string, name: string, type: NodeType): void =>
    unwrap(tree.apply({ type: 'create', parentId, newEntry: { id, type, name } }));
  add('src', ROOT_ID, 'src', NodeType.Directory);
  add('app', 'src', 'App.js', NodeType.File);
  add('components', 'src', 'components', NodeType.Directory);
  add('button', 'components', 'Button.tsx', NodeType.File);
  add('readme', ROOT_ID, 'README.md', NodeType.File);
  add('pkg', ROOT_ID, 'package.json', NodeType.File);
  return tree;
}

/** newId for createPath: 'id1', 'id2', … */
export function sequentialIds(prefix = 'id'): () => string {
  let next = 0;
  return () => `${prefix}${++next}`;
}

/** The error message of a failed result, for compact expectations. */
export function messageOf(result: { ok: true } | { ok: false; error: { message: string } }): string | undefined {
  return result.ok ? undefined : result.error.message;
}
