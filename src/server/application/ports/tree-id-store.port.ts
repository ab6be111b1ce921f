/** Persists the node ids of a workspace tree (path → id) so ids survive a server restart. */
export const TreeIdStoreFactory = Symbol('TreeIdStoreFactory');
export type TreeIdStoreFactory = (sandboxId: string) => TreeIdStore;

/** One change of the id map: a path got an id, or a path (only that path) is gone. */
export type TreeIdChange = { kind: 'set'; path: string; id: string } | { kind: 'remove'; path: string };

export interface TreeIdStore {
  load(): Promise<Map<string, string>>;
  /** Records changes (O(changes), not O(tree)); the store keeps itself compact. */
  record(changes: readonly TreeIdChange[]): void;
}
