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

describe('WorkspaceTree.retain', () => {
  const setUp = async (initial: Record<string, string>) => {
    let next = 0;
    const files = new MemoryWorkspaceFiles(initial);
    const tree = new WorkspaceTree(files, new MemoryTreeIds(), () => `n${++next}`);
    await tree.load();
    return { files, tree };
  };

  it('gives a retained file its id back when the disk shows a file at its path again', async () => {
    const { files, tree } = await setUp({ 'dir/doc.txt': 'x', 'dir/other.txt': 'y', 'dir/stays.txt': 'z' });
    const doc = tree.findByPath('/dir/doc.txt')!.id;
    const other = tree.findByPath('/dir/other.txt')!.id;
    tree.retain(doc);
    files.files.delete('dir/doc.txt');
    files.files.delete('dir/other.txt');
    await tree.applyDiskChanges(['dir']);
    expect(tree.get(doc)).toBeUndefined();
    expect(tree.vacatedPathOf(doc)).toBe('dir/doc.txt');
    files.files.set('dir/doc.txt', 'x');
    files.files.set('dir/other.txt', 'y');
    const back = await tree.applyDiskChanges(['dir/doc.txt', 'dir/other.txt']);
    expect(tree.findByPath('/dir/doc.txt')!.id).toBe(doc);
    expect(tree.findByPath('/dir/other.txt')!.id).not.toBe(other); // not retained: a new file
    expect(back.changedFiles).toContain(doc); // its document takes what the file holds now
    expect(tree.vacatedPathOf(doc)).toBeUndefined();
  });

  it('does so for a file whose directory left and came back with it', async () => {
    const { files, tree } = await setUp({ 'dir/sub/doc.txt': 'x' });
    const doc = tree.findByPath('/dir/sub/doc.txt')!.id;
    tree.retain(doc);
    files.files.delete('dir/sub/doc.txt');
    await tree.applyDiskChanges(['dir']);
    expect(tree.findByPath('/dir')).toBeUndefined();
    files.files.set('dir/sub/doc.txt', 'x');
    await tree.applyDiskChanges(['dir']);
    expect(tree.findByPath('/dir/sub/doc.txt')!.id).toBe(doc);
  });

  it('forgets the path once the id is released', async () => {
    const { files, tree } = await setUp({ 'doc.txt': 'x' });
    const doc = tree.findByPath('/doc.txt')!.id;
    tree.retain(doc);
    files.files.delete('doc.txt');
    await tree.applyDiskChanges(['doc.txt']);
    tree.release(doc);
    expect(tree.vacatedPathOf(doc)).toBeUndefined();
    files.files.set('doc.txt', 'x');
    await tree.applyDiskChanges(['doc.txt']);
    expect(tree.findByPath('/doc.txt')!.id).not.toBe(doc);
  });
});
