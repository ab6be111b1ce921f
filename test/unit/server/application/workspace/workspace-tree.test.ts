import { decode } from '@msgpack/msgpack';
import { MemoryTreeIds } from '../../../../support/server-fakes/memory-workspace';
import { MemoryWorkspaceFiles } from '../../../../support/server-fakes/memory-workspace-files';
import { WorkspaceTree } from '../../../../../src/server/application/workspace/workspace-tree';

/** Holds every readdir after the first until released, so a test can look at the tree in the middle of a batch. */
class PausingFiles extends MemoryWorkspaceFiles {
  private gate: Promise<void> | undefined;
  private release: (() => void) | undefined;
  private listings = 0;

  pauseAfterFirstListing(): void {
    this.listings = 0;
    this.gate = new Promise((resolve) => (this.release = resolve));
  }

  resume(): void {
    this.release?.();
    this.gate = undefined;
  }

  override async readdir(path: string) {
    this.listings++;
    if (this.listings > 1 && this.gate) await this.gate;
    return super.readdir(path);
  }
}

const names = (tree: WorkspaceTree) => decode(tree.readResult().bytes) as { treeNodes: Array<{ name: string }>; clock: number };

describe('WorkspaceTree', () => {
  it('answers fs/read in the middle of a disk batch with the nodes its clock counts', async () => {
    let next = 0;
    const files = new PausingFiles({ 'a/old.txt': 'x', 'b/old.txt': 'y' });
    const tree = new WorkspaceTree(files, new MemoryTreeIds(), () => `n${++next}`);
    await tree.load();
    names(tree); // the wire form is cached
    files.files.set('a/new.txt', '1');
    files.files.set('b/new.txt', '2');
    files.pauseAfterFirstListing();
    const batch = tree.applyDiskChanges(['a/new.txt', 'b/new.txt']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const middle = names(tree);
    expect(middle.clock).toBe(1);
    expect(middle.treeNodes.filter((n) => n.name === 'new.txt')).toHaveLength(1);
    files.resume();
    const outcome = await batch;
    expect(outcome.operations.map((o) => o.clock)).toEqual([1, 2]);
    const after = names(tree);
    expect(after.clock).toBe(2);
    expect(after.treeNodes.filter((n) => n.name === 'new.txt')).toHaveLength(2);
  });
});
