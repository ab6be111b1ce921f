/** Persists the node ids of a workspace tree (path → id) so ids survive a server restart. */
export const TreeIdStoreFactory = Symbol('TreeIdStoreFactory');
export type TreeIdStoreFactory = (sandboxId: string) => TreeIdStore;

export interface TreeIdStore {
  load(): Promise<Map<string, string>>;
  save(ids: ReadonlyMap<string, string>): void;
}
