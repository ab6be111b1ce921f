import 'reflect-metadata';
import { FileTransfersStore } from '../../../../src/application/files/file-transfers.store';
import { NodeType } from '../../../../src/domain/fs/file-tree.types';
import { explorerFixture } from '../../ui/explorer/support/explorer-fixture';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const source = (name: string) => ({ name, size: 1, read: async () => new Uint8Array([120]) });
const readmeRow = () => ({ kind: 'node', id: 'readme' }) as never;

describe('ExplorerStore and FileTransfersStore follow the current permissions', () => {
  it('take create, rename, move, delete and upload away when the access turns to read, closing an edit in progress', async () => {
    const { explorer, container, connection, port, uploads } = await explorerFixture();
    const transfers = container.get(FileTransfersStore);
    explorer.focus('n:readme');
    explorer.startCreate(NodeType.File);
    expect(explorer.edit?.kind).toBe('create');
    connection.changeAccess('read');
    expect(explorer.canChange).toBe(false);
    expect(explorer.edit).toBeUndefined();

    explorer.startCreate(NodeType.Directory);
    explorer.startRename();
    explorer.requestDelete();
    expect([explorer.edit, explorer.confirmation]).toEqual([undefined, undefined]);
    expect(await explorer.move('readme', 'docs')).toBe(false);
    await transfers.upload('docs', [source('a.txt')]);
    await settle();
    expect([port.sent, uploads, transfers.uploads]).toEqual([[], [], []]);
    expect([explorer.acceptsDrop('nodes'), explorer.acceptsDrop('files'), explorer.isDraggable(readmeRow())]).toEqual([false, false, false]);
  });

  it('give them back with write access', async () => {
    const { explorer, container, connection, port, uploads } = await explorerFixture();
    connection.changeAccess('read');
    connection.changeAccess('write');
    expect([explorer.acceptsDrop('nodes'), explorer.acceptsDrop('files'), explorer.isDraggable(readmeRow())]).toEqual([true, true, true]);
    expect(await explorer.move('readme', 'docs')).toBe(true);
    expect(port.sent).toEqual([{ type: 'move', id: 'readme', parentId: 'docs' }]);
    await container.get(FileTransfersStore).upload('docs', [source('a.txt')]);
    expect(uploads).toEqual([{ parentId: 'docs', filename: 'a.txt', content: 'x' }]);
  });

  it('drop a delete confirmation when the access turns to read', async () => {
    const { explorer, connection } = await explorerFixture();
    explorer.focus('n:readme');
    explorer.requestDelete();
    expect(explorer.confirmation?.name).toBe('README.md');
    connection.changeAccess('read');
    expect(explorer.confirmation).toBeUndefined();
  });
});
