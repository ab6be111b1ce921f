import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { PitcherErrorCode } from '../../../src/protocol';
import { rawRequest } from '../support/http-client';
import { WireClient, asOwner, startSandbox, useTestServer } from '../support/server-harness';
import { JOIN_PARAMS } from '../support/scenario';
import { WireSession, eventually, useWireSessions } from '../support/wire-session';

jest.setTimeout(60_000);

const MAX_READ_BYTES = 100_000;
const bytes = (text: string) => new TextEncoder().encode(text);
const text = (content: Uint8Array) => new TextDecoder().decode(content);

/**
 * The raw fs calls the SDK makes (protocol.md §3 fs, ◆ rows), over the real server: paths, content as bin, errors as
 * RAWFS_ERROR (102) with data.errno and the spec 002 §5 texts, confinement to the workspace, watches and downloads.
 */
describe('raw fs calls', () => {
  const context = useTestServer({ env: { BULLPEN_MAX_BINARY_BYTES: String(MAX_READ_BYTES) } });
  let a: WireSession;
  let b: WireSession;
  let outside: string;

  beforeAll(async () => {
    outside = mkdtempSync(path.join(tmpdir(), 'bullpen-outside-'));
    writeFileSync(path.join(outside, 'secret.txt'), 'TOP SECRET');
  });
  useWireSessions(context, 2, (opened) => ([a, b] = opened));
  afterAll(async () => {
    rmSync(outside, { recursive: true, force: true });
  });

  const disk = (relative: string) => path.join(context.filesDir, relative);
  const rawError = (errno: number, message?: string) => ({
    status: 1,
    error: { code: PitcherErrorCode.RAWFS_ERROR, ...(message === undefined ? {} : { message }), data: { errno } },
  });

  describe('fs/writeFile and fs/readFile', () => {
    it('writes and reads bytes as msgpack bin, and the tree learns of the new file before the answer', async () => {
      const content = new Uint8Array([104, 105, 0, 255, 10]);
      expect(await a.ask('fs/writeFile', { path: 'raw/../hello.bin', content, create: true, overwrite: true })).toEqual(expect.objectContaining({ status: 0, result: {} }));
      expect(new Uint8Array(readFileSync(disk('hello.bin')))).toEqual(content);
      expect(await a.idOf('hello.bin')).toBeDefined();
      const read = await a.ask('fs/readFile', { path: '/hello.bin' });
      expect(read.status).toBe(0);
      expect(read.result.content).toBeInstanceOf(Uint8Array);
      expect(new Uint8Array(read.result.content)).toEqual(content);
    });

    it('honours create and overwrite', async () => {
      expect(await a.ask('fs/writeFile', { path: 'never.txt', content: bytes('x'), create: false })).toMatchObject(rawError(-2, 'File not found'));
      expect(existsSync(disk('never.txt'))).toBe(false);
      writeFileSync(disk('keep.txt'), 'original');
      expect(await a.ask('fs/writeFile', { path: 'keep.txt', content: bytes('new'), overwrite: false })).toMatchObject(rawError(-17, 'File already exists'));
      expect(readFileSync(disk('keep.txt'), 'utf8')).toBe('original');
      expect(await a.ask('fs/writeFile', { path: 'keep.txt', content: bytes('new') })).toMatchObject({ status: 0 });
      expect(readFileSync(disk('keep.txt'), 'utf8')).toBe('new');
      expect(await a.ask('fs/writeFile', { path: 'no/such/dir/x.txt', content: bytes('x') })).toMatchObject(rawError(-2, 'File not found'));
      expect(await a.ask('fs/writeFile', { path: 'keep.txt/inner', content: bytes('x') })).toMatchObject(rawError(-20, 'Is not a directory'));
    });

    it('merges a write to an open document into it, as a change on disk', async () => {
      writeFileSync(disk('doc.md'), 'one\n');
      const id = (await eventually(() => a.idOf('doc.md'), 'doc.md')) as string;
      expect((await b.ask('file/open', { id })).result.content).toBe('one\n');
      const from = b.wire.received.length;
      expect(await a.ask('fs/writeFile', { path: 'doc.md', content: bytes('one\ntwo\n') })).toMatchObject({ status: 0 });
      const op = await b.notification('file/documentOperation', (p) => p.id === id, from);
      expect(op.reason).toBe(1);
      expect((await b.ask('file/open', { id })).result.content).toBe('one\ntwo\n');
      await b.ask('file/close', { id });
    });

    it('fails for missing files, directories and files above the read limit', async () => {
      expect(await a.ask('fs/readFile', { path: 'missing.txt' })).toMatchObject(rawError(-2, 'File not found'));
      mkdirSync(disk('a-dir'), { recursive: true });
      expect(await a.ask('fs/readFile', { path: 'a-dir' })).toMatchObject(rawError(-21));
      writeFileSync(disk('huge.bin'), Buffer.alloc(MAX_READ_BYTES + 1, 7));
      expect(await a.ask('fs/readFile', { path: 'huge.bin' })).toMatchObject(
        rawError(-27, `File is too large to read (${MAX_READ_BYTES + 1} bytes), limit is ${MAX_READ_BYTES} bytes`),
      );
    });

    it('refuses content that is not bin', async () => {
      expect(await a.ask('fs/writeFile', { path: 'x.txt', content: 'text' })).toMatchObject({ status: 1, error: { code: PitcherErrorCode.INVALID_PARAMS } });
    });
  });

  describe('paths', () => {
    it('accepts absolute paths inside the workspace directory and refuses paths that leave it', async () => {
      writeFileSync(disk('abs.txt'), 'absolute');
      expect(text((await a.ask('fs/readFile', { path: disk('abs.txt') })).result.content)).toBe('absolute');
      expect(text((await a.ask('fs/readFile', { path: './abs.txt' })).result.content)).toBe('absolute');
      expect(await a.ask('fs/readFile', { path: '../../secret.txt' })).toMatchObject({
        status: 1,
        error: { code: PitcherErrorCode.INVALID_PATH, message: 'Invalid path', data: { errno: -22 } },
      });
      expect(await a.ask('fs/writeFile', { path: `${context.filesDir}/../escape.txt`, content: bytes('x') })).toMatchObject({
        status: 1,
        error: { code: PitcherErrorCode.INVALID_PATH },
      });
      expect(existsSync(path.join(context.filesDir, '..', 'escape.txt'))).toBe(false);
      // Any other absolute path is a path of the workspace (presented at '/'), never of the host.
      const host = await a.ask('fs/readFile', { path: path.join(outside, 'secret.txt') });
      expect(host).toMatchObject(rawError(-2));
      expect(JSON.stringify(host)).not.toContain('TOP SECRET');
    });

    describe('a symlink that leads outside the workspace', () => {
      beforeAll(() => {
        symlinkSync(path.join(outside, 'secret.txt'), disk('leak'));
        symlinkSync(outside, disk('outdir'));
        writeFileSync(disk('mine.txt'), 'mine');
      });
      const denied = rawError(-13);

      it('is refused for reading, and stat reports the link itself', async () => {
        const read = await a.ask('fs/readFile', { path: 'leak' });
        expect(read).toMatchObject(denied);
        expect(JSON.stringify(read)).not.toContain('TOP SECRET');
        expect(await a.ask('fs/readFile', { path: 'outdir/secret.txt' })).toMatchObject(denied);
        expect(await a.ask('fs/readdir', { path: 'outdir' })).toMatchObject(denied);
        expect((await a.ask('fs/stat', { path: 'leak' })).result).toMatchObject({ type: 0, isSymlink: true });
      });

      it('is refused for writing and leaves the outside file alone', async () => {
        expect(await a.ask('fs/writeFile', { path: 'leak', content: bytes('pwned') })).toMatchObject(denied);
        expect(await a.ask('fs/writeFile', { path: 'outdir/new.txt', content: bytes('pwned') })).toMatchObject(denied);
        expect(readFileSync(path.join(outside, 'secret.txt'), 'utf8')).toBe('TOP SECRET');
        expect(existsSync(path.join(outside, 'new.txt'))).toBe(false);
      });

      it('is refused as the source and the target of a copy', async () => {
        expect(await a.ask('fs/copy', { from: 'leak', to: 'copied.txt' })).toMatchObject(denied);
        expect(await a.ask('fs/copy', { from: 'outdir', to: 'copied-dir', recursive: true })).toMatchObject(denied);
        expect(existsSync(disk('copied.txt'))).toBe(false);
        expect(await a.ask('fs/copy', { from: 'mine.txt', to: 'outdir/mine.txt' })).toMatchObject(denied);
        expect(existsSync(path.join(outside, 'mine.txt'))).toBe(false);
      });

      it('is refused for renames through it', async () => {
        expect(await a.ask('fs/rename', { from: 'outdir/secret.txt', to: 'stolen.txt' })).toMatchObject(denied);
        expect(await a.ask('fs/rename', { from: 'mine.txt', to: 'outdir/mine.txt' })).toMatchObject(denied);
        expect(existsSync(path.join(outside, 'secret.txt'))).toBe(true);
        expect(existsSync(disk('mine.txt'))).toBe(true);
      });

      it('is refused for removals through it; removing the link removes only the link', async () => {
        expect(await a.ask('fs/remove', { path: 'outdir/secret.txt' })).toMatchObject(denied);
        expect(await a.ask('fs/remove', { path: 'outdir/', recursive: true })).toMatchObject({ status: 0 });
        expect(existsSync(path.join(outside, 'secret.txt'))).toBe(true);
        expect(existsSync(disk('outdir'))).toBe(false);
      });
    });
  });

  describe('fs/stat, fs/readdir and fs/mkdir', () => {
    it('stats files and directories with times in milliseconds', async () => {
      writeFileSync(disk('sized.txt'), '12345');
      const file = await a.ask('fs/stat', { path: 'sized.txt' });
      expect(file.result).toEqual({ type: 0, isSymlink: false, size: 5, mtime: expect.any(Number), ctime: expect.any(Number), atime: expect.any(Number) });
      expect(Math.abs(file.result.mtime - Date.now())).toBeLessThan(60_000);
      expect((await a.ask('fs/stat', { path: '/' })).result).toMatchObject({ type: 1, isSymlink: false });
      symlinkSync('sized.txt', disk('sized-link'));
      expect((await a.ask('fs/stat', { path: 'sized-link' })).result).toMatchObject({ type: 0, isSymlink: true, size: 5 });
      expect(await a.ask('fs/stat', { path: 'nope' })).toMatchObject(rawError(-2, 'File not found'));
    });

    it('lists a directory and refuses a file or a missing one with the spec texts', async () => {
      mkdirSync(disk('listed/sub'), { recursive: true });
      writeFileSync(disk('listed/f.txt'), '');
      const listed = await a.ask('fs/readdir', { path: 'listed' });
      expect(listed.result.entries).toEqual(expect.arrayContaining([{ name: 'sub', type: 1, isSymlink: false }, { name: 'f.txt', type: 0, isSymlink: false }]));
      expect(await a.ask('fs/readdir', { path: 'listed/f.txt' })).toMatchObject(rawError(-20, 'Is not a directory'));
      expect(await a.ask('fs/readdir', { path: 'listed/none' })).toMatchObject(rawError(-2, 'Directory not found'));
    });

    it('makes directories, recursively too, and tells the tree', async () => {
      expect(await a.ask('fs/mkdir', { path: 'deep/er/est', recursive: true })).toMatchObject({ status: 0 });
      expect(lstatSync(disk('deep/er/est')).isDirectory()).toBe(true);
      expect(await a.idOf('deep/er/est')).toBeDefined();
      expect(await a.ask('fs/mkdir', { path: 'deep/er/est', recursive: true })).toMatchObject({ status: 0 });
      expect(await a.ask('fs/mkdir', { path: 'deep/er/est' })).toMatchObject(rawError(-17, 'Directory already exists'));
      expect(await a.ask('fs/mkdir', { path: 'none/child' })).toMatchObject(rawError(-2, 'Directory not found'));
      writeFileSync(disk('deep/file'), '');
      expect(await a.ask('fs/mkdir', { path: 'deep/file/x', recursive: true })).toMatchObject(rawError(-20, 'Is not a directory'));
      expect(await a.ask('fs/mkdir', { path: 'deep/file', recursive: true })).toMatchObject(rawError(-17, 'Directory already exists'));
    });
  });

  describe('fs/remove, fs/rename and fs/copy', () => {
    it('removes files and directories; a non-empty one only recursively; never the root', async () => {
      mkdirSync(disk('rm/inner'), { recursive: true });
      writeFileSync(disk('rm/inner/f.txt'), 'x');
      writeFileSync(disk('rm-file.txt'), 'x');
      expect(await a.ask('fs/remove', { path: 'rm-file.txt' })).toMatchObject({ status: 0, result: {} });
      expect(existsSync(disk('rm-file.txt'))).toBe(false);
      expect(await a.ask('fs/remove', { path: 'rm' })).toMatchObject(rawError(-39, 'Directory not empty'));
      expect(await a.ask('fs/remove', { path: 'rm', recursive: true })).toMatchObject({ status: 0 });
      expect(existsSync(disk('rm'))).toBe(false);
      expect(await a.idOf('rm')).toBeUndefined();
      expect(await a.ask('fs/remove', { path: 'rm' })).toMatchObject(rawError(-2, 'File not found'));
      expect(await a.ask('fs/remove', { path: '/', recursive: true })).toMatchObject(rawError(-1, 'Cannot delete root directory'));
    });

    it('renames, refuses an existing target without overwrite, and keeps the id of an open file', async () => {
      writeFileSync(disk('old-name.txt'), 'content');
      writeFileSync(disk('taken.txt'), 'taken');
      const id = (await eventually(() => a.idOf('old-name.txt'), 'old-name.txt')) as string;
      await a.ask('file/open', { id });
      expect(await a.ask('fs/rename', { from: 'old-name.txt', to: 'taken.txt' })).toMatchObject(rawError(-17, 'File already exists'));
      expect(await a.ask('fs/rename', { from: 'old-name.txt', to: 'new-name.txt' })).toMatchObject({ status: 0, result: {} });
      expect(readFileSync(disk('new-name.txt'), 'utf8')).toBe('content');
      expect(await a.idOf('new-name.txt')).toBe(id);
      expect(await a.ask('fs/rename', { from: 'new-name.txt', to: 'taken.txt', overwrite: true })).toMatchObject({ status: 0 });
      expect(readFileSync(disk('taken.txt'), 'utf8')).toBe('content');
      expect(await a.idOf('taken.txt')).toBe(id);
      expect((await a.tree()).filter((n) => n.name === 'taken.txt')).toHaveLength(1);
      expect(await a.ask('fs/rename', { from: 'ghost.txt', to: 'x.txt' })).toMatchObject(rawError(-2, 'File not found'));
      expect(await a.ask('fs/rename', { from: '', to: 'x' })).toMatchObject(rawError(-1, 'Root directory cannot be moved'));
      await a.ask('file/close', { id });
    });

    it('copies files, and directories only recursively; refuses an existing target without overwrite', async () => {
      mkdirSync(disk('src-dir/nested'), { recursive: true });
      writeFileSync(disk('src-dir/nested/a.txt'), 'A');
      symlinkSync('nested/a.txt', disk('src-dir/link'));
      expect(await a.ask('fs/copy', { from: 'src-dir/nested/a.txt', to: 'a-copy.txt' })).toMatchObject({ status: 0, result: {} });
      expect(readFileSync(disk('a-copy.txt'), 'utf8')).toBe('A');
      expect(await a.ask('fs/copy', { from: 'src-dir', to: 'dir-copy' })).toMatchObject(rawError(-21));
      expect(await a.ask('fs/copy', { from: 'src-dir', to: 'dir-copy', recursive: true })).toMatchObject({ status: 0 });
      expect(readFileSync(disk('dir-copy/nested/a.txt'), 'utf8')).toBe('A');
      expect(lstatSync(disk('dir-copy/link')).isSymbolicLink()).toBe(true);
      expect(await a.idOf('dir-copy/nested/a.txt')).toBeDefined();
      expect(await a.ask('fs/copy', { from: 'src-dir/nested/a.txt', to: 'a-copy.txt' })).toMatchObject(rawError(-17, 'File already exists'));
      writeFileSync(disk('src-dir/nested/a.txt'), 'B');
      expect(await a.ask('fs/copy', { from: 'src-dir', to: 'dir-copy', recursive: true, overwrite: true })).toMatchObject({ status: 0 });
      expect(readFileSync(disk('dir-copy/nested/a.txt'), 'utf8')).toBe('B');
      expect(await a.ask('fs/copy', { from: 'nothing', to: 'x' })).toMatchObject(rawError(-2, 'File not found'));
      expect(await a.ask('fs/copy', { from: 'src-dir', to: 'src-dir/nested/self', recursive: true })).toMatchObject(rawError(-22));
      expect(existsSync(disk('src-dir/nested/self'))).toBe(false);
    });
  });

  describe('fs/watch', () => {
    const eventsSince = (s: WireSession, watchId: string, from: number) =>
      s.wire.received.slice(from).flatMap((f) => (f.value.method === 'fs/watchEvent' && f.value.params.watchId === watchId ? f.value.params.events : []));
    const has = (events: any[], type: string, p: string) => events.some((e) => e.type === type && e.paths.includes(p));

    it('reports changes made on disk to the watching client only, and nothing after unwatch', async () => {
      mkdirSync(disk('watched/skip'), { recursive: true });
      await eventually(() => a.idOf('watched/skip'), 'watched/skip');
      const from = a.wire.received.length;
      const fromB = b.wire.received.length;
      const watched = await a.ask('fs/watch', { path: 'watched', recursive: true, excludes: ['skip'] });
      expect(watched).toMatchObject({ status: 0, result: { watchId: expect.any(String) } });
      const { watchId } = watched.result;

      writeFileSync(disk('watched/new.txt'), 'one');
      await eventually(() => has(eventsSince(a, watchId, from), 'add', '/watched/new.txt'), 'the add event');
      writeFileSync(disk('watched/new.txt'), 'two');
      await eventually(() => has(eventsSince(a, watchId, from), 'change', '/watched/new.txt'), 'the change event');
      rmSync(disk('watched/new.txt'));
      await eventually(() => has(eventsSince(a, watchId, from), 'remove', '/watched/new.txt'), 'the remove event');
      // Changes outside the watched directory or in an excluded one are not reported.
      writeFileSync(disk('watched/skip/hidden.txt'), '');
      writeFileSync(disk('elsewhere.txt'), '');
      await eventually(() => a.idOf('elsewhere.txt'), 'elsewhere.txt');
      await eventually(() => a.idOf('watched/skip/hidden.txt'), 'watched/skip/hidden.txt');
      const paths = eventsSince(a, watchId, from).flatMap((e: any) => e.paths);
      expect(paths).not.toContain('/watched/skip/hidden.txt');
      expect(paths).not.toContain('/elsewhere.txt');
      expect(eventsSince(b, watchId, fromB)).toEqual([]);

      expect(await b.ask('fs/unwatch', { watchId })).toMatchObject({ status: 0 }); // not b's: a's watch goes on
      expect(await a.ask('fs/unwatch', { watchId })).toMatchObject({ status: 0, result: {} });
      const after = a.wire.received.length;
      writeFileSync(disk('watched/late.txt'), '');
      await eventually(() => a.idOf('watched/late.txt'), 'watched/late.txt');
      expect(eventsSince(a, watchId, after)).toEqual([]);
    });

    it('reports what a terminal does and what raw calls do, with paths rooted at the workspace', async () => {
      const watched = await a.ask('fs/watch', { path: '/', recursive: false });
      const { watchId } = watched.result;
      const from = a.wire.received.length;
      const created = await a.ask('shell/create', { type: 'TERMINAL', size: { cols: 120, rows: 30 } });
      const { shellId } = created.result;
      await a.ask('shell/in', { shellId, input: 'echo hi > from-terminal.txt\r' });
      await eventually(() => has(eventsSince(a, watchId, from), 'add', '/from-terminal.txt'), 'the terminal file');
      await a.ask('shell/terminate', { shellId });
      expect(await a.ask('fs/mkdir', { path: 'raw-made' })).toMatchObject({ status: 0 });
      await eventually(() => has(eventsSince(a, watchId, from), 'add', '/raw-made'), 'the raw mkdir');
      expect(await a.ask('fs/rename', { from: 'raw-made', to: 'raw-moved' })).toMatchObject({ status: 0 });
      await eventually(() => has(eventsSince(a, watchId, from), 'remove', '/raw-made') && has(eventsSince(a, watchId, from), 'add', '/raw-moved'), 'the rename');
      await a.ask('fs/unwatch', { watchId });
    });

    it('refuses a missing path', async () => {
      expect(await a.ask('fs/watch', { path: 'not-there' })).toMatchObject(rawError(-2, 'File not found'));
    });
  });

  describe('fs/download', () => {
    const fetchUrl = (url: string) => fetch(new URL(url, context.server.url));

    it('serves a file as is from a signed link that needs no other credentials', async () => {
      writeFileSync(disk('report.txt'), 'the report');
      const answer = await a.ask('fs/download', { path: 'report.txt' });
      expect(answer).toMatchObject({ status: 0, result: { downloadUrl: expect.stringMatching(/^\/download\/.+\/report\.txt$/) } });
      const res = await fetchUrl(answer.result.downloadUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain('attachment; filename="report.txt"');
      expect(await res.text()).toBe('the report');
    });

    it('serves a directory as a zip, honouring excludes', async () => {
      mkdirSync(disk('bundle/sub'), { recursive: true });
      mkdirSync(disk('bundle/dist'), { recursive: true });
      writeFileSync(disk('bundle/a.txt'), 'alpha');
      writeFileSync(disk('bundle/sub/b.txt'), 'beta');
      writeFileSync(disk('bundle/dist/out.js'), 'built');
      writeFileSync(disk('bundle/debug.log'), 'noise');
      const answer = await a.ask('fs/download', { path: 'bundle', excludes: ['dist', '*.log'] });
      expect(answer.result.downloadUrl).toMatch(/\/bundle\.zip$/);
      const res = await fetchUrl(answer.result.downloadUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/zip');
      const zipPath = path.join(outside, 'bundle.zip');
      writeFileSync(zipPath, Buffer.from(await res.arrayBuffer()));
      const listing = execFileSync('unzip', ['-Z1', zipPath], { encoding: 'utf8' }).split('\n').filter(Boolean).sort();
      expect(listing).toEqual(['a.txt', 'sub/', 'sub/b.txt']);
      expect(execFileSync('unzip', ['-p', zipPath, 'sub/b.txt'], { encoding: 'utf8' })).toBe('beta');
    });

    it('refuses tampered or unknown links, and paths outside the workspace', async () => {
      const answer = await a.ask('fs/download', { path: 'report.txt' });
      const url: string = answer.result.downloadUrl;
      const [, , token] = url.split('/');
      const tampered = url.replace(token, `${token.slice(0, -2)}xx`);
      expect((await fetchUrl(tampered)).status).toBe(403);
      expect((await fetchUrl('/download/nothing/x.txt')).status).toBe(403);
      expect(await a.ask('fs/download', { path: '../..' })).toMatchObject({ status: 1, error: { code: PitcherErrorCode.INVALID_PATH } });
      symlinkSync(path.join(outside, 'secret.txt'), disk('leak-for-download'));
      expect(await a.ask('fs/download', { path: 'leak-for-download' })).toMatchObject(rawError(-13));
      expect(await a.ask('fs/download', { path: 'nope' })).toMatchObject(rawError(-2));
    });

    it('keeps the server Host check on download links', async () => {
      const answer = await a.ask('fs/download', { path: 'report.txt' });
      const forged = await rawRequest(context.server.port, { path: answer.result.downloadUrl, headers: { host: 'evil.example' } });
      expect(forged.status).toBe(403);
      expect(forged.body).not.toContain('the report');
      const plain = await rawRequest(context.server.port, { path: answer.result.downloadUrl, headers: { host: `127.0.0.1:${context.server.port}` } });
      expect(plain).toMatchObject({ status: 200, body: 'the report' });
    });
  });
});

/** In a private sandbox (beyond loopback), a download link still works as a plain link: its token is the only credential. */
describe('fs/download of a private sandbox', () => {
  const context = useTestServer({ env: { HOST: '0.0.0.0' } });
  let session: WireSession;

  beforeAll(async () => {
    const host = await startSandbox(context.server, { headers: asOwner });
    session = new WireSession(await WireClient.connect(`${host.pitcherUrl}/?token=${encodeURIComponent(host.pitcherToken)}`));
    expect((await session.ask('client/join', JOIN_PARAMS)).status).toBe(0);
  });
  afterAll(async () => {
    await session?.close();
  });

  it('serves the file without a cookie or bearer, while the sandbox is missing to a visitor', async () => {
    writeFileSync(path.join(context.filesDir, 'shared.txt'), 'shared content');
    const answer = await session.ask('fs/download', { path: 'shared.txt' });
    const res = await fetch(new URL(answer.result.downloadUrl, context.server.url), { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('shared content');
    expect((await fetch(new URL(`/api/v1/sandboxes/${context.server.defaultSandboxId}`, context.server.url))).status).toBe(404);
  });
});
