/**
 * Which directories the synced tree lists but does not descend into: they can hold tens of thousands of files
 * (dependencies, git's object store), so they are kept out of the tree and the watcher, and their contents are
 * listed on demand. (`.git` is also hidden from the tree altogether: WorkspaceFiles.isHidden.)
 */
const LISTED_ON_DEMAND = new Set(['node_modules', '.git']);

export function isListedOnDemand(name: string): boolean {
  return LISTED_ON_DEMAND.has(name);
}
