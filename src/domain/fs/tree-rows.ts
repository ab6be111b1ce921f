import type { ReadonlyFileTree } from './file-tree';
import { NodeType, ROOT_ID } from './file-tree.types';
import { isListedOnDemand } from './listing-rules';

/** One entry of a directory listed from disk (outside the synced tree, e.g. node_modules). */
export interface DirectoryEntry {
  readonly name: string;
  readonly isDirectory: boolean;
  readonly isSymlink: boolean;
}

/** A directory outside the synced tree, listed when the user opens it. */
export type DirectoryListing =
  | { readonly kind: 'loading' }
  | { readonly kind: 'listed'; readonly entries: readonly DirectoryEntry[] }
  | { readonly kind: 'failed'; readonly message: string };

interface RowBase {
  /** Stable across renders: `n:<id>` for tree nodes, `p:<path>` for listed entries, `new:<parent id>` for the input. */
  readonly key: string;
  /** 0 for the top level (aria-level is depth + 1). */
  readonly depth: number;
  readonly parentKey: string | undefined;
}

/** A visible line of the explorer. */
export type TreeRow =
  | (RowBase & {
      readonly kind: 'node';
      readonly id: string;
      readonly name: string;
      /** Workspace path without a leading slash ('src/App.js'). */
      readonly path: string;
      readonly isDirectory: boolean;
      readonly expanded: boolean;
      /** A directory whose contents are listed from disk when opened (node_modules). */
      readonly listedOnDemand: boolean;
      readonly posInSet: number;
      readonly setSize: number;
    })
  | (RowBase & {
      readonly kind: 'listed';
      readonly name: string;
      readonly path: string;
      readonly isDirectory: boolean;
      readonly isSymlink: boolean;
      readonly expanded: boolean;
      readonly posInSet: number;
      readonly setSize: number;
    })
  | (RowBase & { readonly kind: 'note'; readonly text: string; readonly tone: 'muted' | 'error' })
  | (RowBase & { readonly kind: 'new-entry'; readonly parentId: string; readonly type: NodeType });

export interface TreeRowsInput {
  readonly tree: ReadonlyFileTree;
  /** Expanded tree directories, by id (the root is always open). */
  readonly expanded: ReadonlySet<string>;
  /** Listings of on-demand directories, by path. */
  readonly listings: ReadonlyMap<string, DirectoryListing>;
  /** Expanded directories below an on-demand one, by path. */
  readonly expandedPaths: ReadonlySet<string>;
  /** Where a new entry is being named: an input row first in that directory. */
  readonly creating?: { readonly parentId: string; readonly type: NodeType };
}

export const nodeKey = (id: string): string => `n:${id}`;
export const listedKey = (path: string): string => `p:${path}`;

/**
 * The visible rows of the explorer, top to bottom: the children of every expanded directory after it, directories
 * first. Computed in one pass over what is visible, so a tree of 100,000 files with one folder of 10,000 open costs
 * about 10,000 rows.
 */
export function treeRows(input: TreeRowsInput): TreeRow[] {
  const rows: TreeRow[] = [];
  const { tree, expanded, listings, expandedPaths, creating } = input;

  const listed = (path: string, depth: number, parentKey: string): void => {
    const listing = listings.get(path);
    const note = (text: string, tone: 'muted' | 'error'): void => void rows.push({ kind: 'note', key: `note:${path}`, depth, parentKey, text, tone });
    if (!listing || listing.kind === 'loading') return note('Listing…', 'muted');
    if (listing.kind === 'failed') return note(listing.message, 'error');
    if (listing.entries.length === 0) return note('Empty', 'muted');
    listing.entries.forEach((entry, index) => {
      const childPath = `${path}/${entry.name}`;
      const open = entry.isDirectory && expandedPaths.has(childPath);
      const key = listedKey(childPath);
      rows.push({
        kind: 'listed', key, depth, parentKey, name: entry.name, path: childPath, isDirectory: entry.isDirectory,
        isSymlink: entry.isSymlink, expanded: open, posInSet: index + 1, setSize: listing.entries.length,
      });
      if (open) listed(childPath, depth + 1, key);
    });
  };

  const visit = (parentId: string, parentPath: string, depth: number, parentKey: string | undefined): void => {
    if (creating?.parentId === parentId) {
      rows.push({ kind: 'new-entry', key: `new:${parentId}`, depth, parentKey, parentId, type: creating.type });
    }
    const children = tree.children(parentId);
    children.forEach((node, index) => {
      const path = parentPath === '' ? node.name : `${parentPath}/${node.name}`;
      const isDirectory = node.type === NodeType.Directory;
      const open = isDirectory && expanded.has(node.id);
      const onDemand = isDirectory && isListedOnDemand(node.name);
      const key = nodeKey(node.id);
      rows.push({
        kind: 'node', key, depth, parentKey, id: node.id, name: node.name, path, isDirectory, expanded: open,
        listedOnDemand: onDemand, posInSet: index + 1, setSize: children.length,
      });
      if (!open) return;
      if (onDemand) listed(path, depth + 1, key);
      else visit(node.id, path, depth + 1, key);
    });
  };

  visit(ROOT_ID, '', 0, undefined);
  return rows;
}
