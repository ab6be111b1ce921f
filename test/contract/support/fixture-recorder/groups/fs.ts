import { randomUUID } from 'node:crypto';
import { FixtureGroup } from '../recorder';

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
type WireOperation = { type: string; name?: string; newEntry?: { name: string } };
/** fs/operations holding an operation that matches (other batches may arrive around it). */
const holding = (match: (op: WireOperation) => boolean) => (p: { operations: Array<{ operation: WireOperation }> }) =>
  p.operations.some((o) => match(o.operation));
const creates = (name: string) => holding((op) => op.type === 'create' && op.newEntry?.name === name);

/**
 * fs: the tree (fs/read, fs/operation), the raw calls with the fs/operations they cause for the other client, a watch
 * and the event a write under it causes, upload and download; then text and path search over the default template.
 */
export const fsGroup: FixtureGroup = {
  name: 'fs',
  async run(g) {
    await g.fixture('fs/read', { note: 'The default template, as the server just started it.' }, async (f) => void (await f.ask('A', 'fs/read', null)));
    await g.fixture('fs/operation', { note: 'A creates a file (the client chooses the id): B gets the operation; the sender does not.' }, async (f) => {
      const operation = { type: 'create', parentId: '0', newEntry: { id: randomUUID(), type: 0, name: 'created.txt' } };
      await f.ask('A', 'fs/operation', { operation }, [{ to: 'B', method: 'fs/operations', where: creates('created.txt') }]);
    });
    await g.fixture('fs/readdir', {}, async (f) => void (await f.ask('A', 'fs/readdir', { path: 'src' })));
    await g.fixture('fs/readFile', {}, async (f) => void (await f.ask('A', 'fs/readFile', { path: 'README.md' })));
    await g.fixture('fs/writeFile', { note: 'A writes a new file: the new node reaches both clients as fs/operations.' }, async (f) => {
      await f.ask('A', 'fs/writeFile', { path: 'notes.txt', content: bytes('first note\n'), create: true, overwrite: true }, [
        { to: 'A', method: 'fs/operations', where: creates('notes.txt') },
        { to: 'B', method: 'fs/operations', where: creates('notes.txt') },
      ]);
    });
    await g.fixture('fs/stat', {}, async (f) => void (await f.ask('A', 'fs/stat', { path: 'notes.txt' })));
    await g.fixture(
      'fs/mkdir',
      {},
      async (f) =>
        void (await f.ask('A', 'fs/mkdir', { path: 'docs/drafts', recursive: true }, [{ to: 'B', method: 'fs/operations', where: creates('drafts') }])),
    );
    await g.fixture(
      'fs/copy',
      {},
      async (f) =>
        void (await f.ask('A', 'fs/copy', { from: 'notes.txt', to: 'docs/copy.txt' }, [{ to: 'B', method: 'fs/operations', where: creates('copy.txt') }])),
    );
    await g.fixture('fs/rename', { note: 'A renames a file the tree shows: B gets a move of the same node.' }, async (f) => {
      await f.ask('A', 'fs/rename', { from: 'docs/copy.txt', to: 'docs/renamed.txt' }, [
        { to: 'B', method: 'fs/operations', where: holding((op) => op.type === 'move') },
      ]);
    });
    let watchId = '';
    await g.fixture('fs/watch', {
      note: 'A watches docs recursively, then writes a file under it: A gets fs/watchEvent.',
      compare: 'shape',
      variable: 'the watcher may still report the rename of the step before (a change of docs/renamed.txt) before the new file',
    }, async (f) => {
      watchId = (await f.ask('A', 'fs/watch', { path: 'docs', recursive: true })).result.watchId;
      await f.ask('A', 'fs/writeFile', { path: 'docs/drafts/watched.txt', content: bytes('watched\n') }, [
        { to: 'A', method: 'fs/watchEvent', where: (p) => p.watchId === watchId },
        // The tree's own operation for the new file, so it cannot arrive during the next fixture.
        { to: 'B', method: 'fs/operations', where: creates('watched.txt') },
      ]);
    });
    await g.fixture('fs/unwatch', {}, async (f) => void (await f.ask('A', 'fs/unwatch', { watchId })));
    await g.fixture(
      'fs/remove',
      {
        compare: 'shape',
        variable:
          'a recursive remove reaches the tree through the watcher: the folder alone, or its children first, depending on how the deletions are batched, so node ids and clocks vary',
      },
      async (f) =>
        void (await f.ask('A', 'fs/remove', { path: 'docs', recursive: true }, [
          { to: 'B', method: 'fs/operations', where: holding((op) => op.type === 'delete') },
        ])),
    );
    await g.fixture('fs/upload', {
      note: 'A uploads a new file into the root: the server chooses its id and tells both clients.',
      compare: 'shape',
      variable: 'its clock follows the clocks of the recursive remove before it, which vary (see fs/remove)',
    }, async (f) => {
      await f.ask('A', 'fs/upload', { parentId: '0', filename: 'upload.bin', content: new Uint8Array([0, 1, 2, 255]) }, [
        { to: 'A', method: 'fs/operations', where: creates('upload.bin') },
        { to: 'B', method: 'fs/operations', where: creates('upload.bin') },
      ]);
    });
    await g.fixture('fs/download', {}, async (f) => void (await f.ask('A', 'fs/download', { path: 'src' })));
    await g.fixture('fs/readFile.error-enoent', {}, async (f) => void (await f.ask('A', 'fs/readFile', { path: 'missing.txt' })));
    await g.fixture('fs/stat.error-invalid-params', {}, async (f) => void (await f.ask('A', 'fs/stat', { path: 5 })));
    await g.fixture('fs/readFile.error-invalid-path', {}, async (f) => void (await f.ask('A', 'fs/readFile', { path: '../outside.txt' })));
    await g.connect('R');
    await g.fixture('fs/writeFile.error-no-access', { note: 'R has read access only.' }, async (f) => {
      await f.ask('R', 'fs/writeFile', { path: 'notes.txt', content: bytes('nope\n') });
    });

    // Search: 'Hello Bullpen' is on one line of src/App.js only.
    await g.fixture('fs/search', {}, async (f) => void (await f.ask('A', 'fs/search', { text: 'Hello Bullpen' })));
    await g.fixture('fs/streamingSearch', { note: 'The matches and the end of the search go to A only.' }, async (f) => {
      await f.ask('A', 'fs/streamingSearch', { searchId: 'search-1', text: 'hello bullpen', caseSensitivity: 'disabled' }, [
        { to: 'A', method: 'fs/searchMatches' },
        { to: 'A', method: 'fs/searchFinished' },
      ]);
    });
    await g.fixture('fs/cancelStreamingSearch', { note: 'search-1 has finished: the answer is the same, nothing else is sent.' }, async (f) => {
      await f.ask('A', 'fs/cancelStreamingSearch', { searchId: 'search-1' });
    });
    await g.fixture('fs/pathSearch', {}, async (f) => void (await f.ask('A', 'fs/pathSearch', { text: 'app' })));
    await g.fixture('fs/search.error-invalid-params', {}, async (f) => void (await f.ask('A', 'fs/search', { text: 'x', maxResults: 0 })));
  },
};
