/**
 * Which directories the synced tree lists but does not descend into: they can hold tens of thousands of files
 * (dependencies), so they are kept out of the tree and the watcher, and their contents are listed on demand.
 */
const LISTED_ON_DEMAND = new Set(['node_modules']);

export function isListedOnDemand(name: string): boolean {
  return LISTED_ON_DEMAND.has(name);
}
