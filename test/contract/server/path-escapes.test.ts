import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { RequestMethod, paramsSchemas } from '../../../src/protocol';
import { ProcessRuntime } from '../../../src/server/application/ports/process-runtime.port';
import { removeDir, useTestServer } from '../support/server-harness';
import { WireSession, eventually } from '../support/wire-session';

jest.setTimeout(120_000);

/**
 * Every method that takes a path (or the id of a tree node, which stands for one), called with a path that leaves the
 * workspace three ways: `..` climbing above it, an absolute path of the host outside it, and a symlink inside the
 * workspace that leads outside. Each call must be refused with the protocol's error shape, and nothing outside the
 * workspace may be read (no answer or notification carries the canary's name or text) or changed (the outside
 * directory is compared entry by entry, content, size and mtime, after every call).
 *
 * docs/protocol/fs.md "Paths": an absolute path outside the workspace directory is a path *of the workspace*
 * (`/etc/passwd` is the workspace's `etc/passwd`); these calls are refused because the workspace has no such path.
 */
describe('paths that leave the workspace, for every method that takes one', () => {
  const context = useTestServer();
  let s: WireSession;
  let outside: string;
  let bareOutside: string;
  let before: string;
  const SECRET = `canary-text-${Math.random().toString(36).slice(2)}`;
  const CANARY = `canary-${Math.random().toString(36).slice(2, 8)}.txt`;
  /** A name no call sends: seeing it means an outside directory was listed. */
  const UNNAMED = `unnamed-${Math.random().toString(36).slice(2, 8)}.txt`;
  let isolated = false;
  const files = () => context.filesDir;

  /** Every entry below the outside directory: type, link target or content hash, size and mtime. */
  function snapshot(dir = outside): string {
    const out: string[] = [];
    const walk = (d: string) => {
      for (const name of readdirSync(d).sort()) {
        const p = path.join(d, name);
        const st = lstatSync(p);
        if (st.isSymbolicLink()) out.push(`${p} -> ${readlinkSync(p)}`);
        else if (st.isDirectory()) {
          out.push(`${p}/ ${st.mtimeMs}`);
          walk(p);
        } else out.push(`${p} ${st.size} ${st.mtimeMs} ${createHash('sha1').update(readFileSync(p)).digest('hex')}`);
      }
    };
    walk(dir);
    return out.join('\n');
  }

  /** Three ways out: each names the outside canary file, the outside directory, and new entries in it. */
  interface Escape {
    file: string;
    dir: string;
    newFile: string;
    newDir: string;
  }
  let escapes: Record<'dotdot' | 'absolute' | 'symlink', Escape>;
  const via = (base: string): Escape => ({ file: `${base}/${CANARY}`, dir: base, newFile: `${base}/new.txt`, newDir: `${base}/new-dir` });

  beforeAll(async () => {
    outside = mkdtempSync(path.join(tmpdir(), 'bullpen-outside-'));
    writeFileSync(path.join(outside, CANARY), `${SECRET}\n`);
    mkdirSync(path.join(outside, 'sub'));
    writeFileSync(path.join(outside, 'sub', UNNAMED), `${SECRET} inner\n`);
    bareOutside = path.join(outside, 'repo.git');
    execFileSync('git', ['init', '-q', '--bare', bareOutside]);
    isolated = context.server.container.get<ProcessRuntime>(ProcessRuntime).isolated;
    s = await WireSession.open(context.server);
    // The repository and the initial commit exist before any git request (they wait for it otherwise).
    await s.answer(s.send('task/list', {}), 90_000);
    writeFileSync(path.join(files(), 'inside.txt'), 'inside\n');
    symlinkSync(path.join(outside, CANARY), path.join(files(), 'out-file'));
    symlinkSync(outside, path.join(files(), 'out-dir'));
    await eventually(async () => (await s.idOf('inside.txt')) && (await s.idOf('out-dir')), 'the tree to show inside.txt and out-dir');
    escapes = {
      dotdot: via(path.relative(files(), outside)),
      absolute: via(outside),
      symlink: via('out-dir'),
    };
    expect(escapes.dotdot.dir.startsWith('../')).toBe(true);
    before = snapshot();
  });
  afterAll(async () => {
    await s?.close();
    if (outside) removeDir(outside);
  });

  type Kind = keyof typeof escapes;
  interface Call {
    method: RequestMethod;
    /** What leaves the workspace. */
    what: string;
    params: (e: Escape, kind: Kind) => unknown;
    /** Only for these kinds (default all three). */
    kinds?: Kind[];
    /**
     * Kinds Bullpen answers instead of refusing, by design, with the reason: the path is only matched against the
     * workspace (an absolute path being a workspace path), so it finds nothing. Nothing outside is read or changed.
     */
    accepted?: Partial<Record<Kind, string>>;
  }
  const ABSOLUTE_IS_A_WORKSPACE_PATH = 'an absolute path is a workspace path (docs/protocol/fs.md "Paths"), and this one names nothing';
  const GLOBS_MATCH_WORKSPACE_PATHS =
    "includes and globs are matched against the workspace's own paths (docs/protocol/search.md); one naming an outside place matches nothing";
  const searchAccepted = { dotdot: GLOBS_MATCH_WORKSPACE_PATHS, absolute: GLOBS_MATCH_WORKSPACE_PATHS, symlink: `${GLOBS_MATCH_WORKSPACE_PATHS}; the search does not follow a symlink out` };
  const bytes = (text: string) => new Uint8Array(Buffer.from(text));
  const node = (p: string) => s.idOf(p);

  const CALLS: Call[] = [
    { method: 'fs/readFile', what: 'path', params: (e) => ({ path: e.file }) },
    { method: 'fs/readFile', what: 'path (a symlink to the file)', params: () => ({ path: 'out-file' }), kinds: ['symlink'] },
    { method: 'fs/readdir', what: 'path', params: (e) => ({ path: e.dir }) },
    { method: 'fs/stat', what: 'path', params: (e) => ({ path: e.file }) },
    { method: 'fs/writeFile', what: 'path of the file', params: (e) => ({ path: e.file, content: bytes('pwned') }) },
    { method: 'fs/writeFile', what: 'path of a symlink to the file', params: () => ({ path: 'out-file', content: bytes('pwned') }), kinds: ['symlink'] },
    { method: 'fs/writeFile', what: 'path of a new file', params: (e) => ({ path: e.newFile, content: bytes('pwned') }) },
    { method: 'fs/copy', what: 'from', params: (e) => ({ from: e.file, to: 'copied.txt' }) },
    { method: 'fs/copy', what: 'from (a directory)', params: (e) => ({ from: e.dir, to: 'copied-dir', recursive: true }) },
    { method: 'fs/copy', what: 'to', params: (e) => ({ from: 'inside.txt', to: e.newFile }) },
    { method: 'fs/copy', what: 'to (overwriting)', params: (e) => ({ from: 'inside.txt', to: e.file, overwrite: true }) },
    { method: 'fs/rename', what: 'from', params: (e) => ({ from: e.file, to: 'moved.txt' }) },
    { method: 'fs/rename', what: 'to', params: (e) => ({ from: 'inside.txt', to: e.newFile }) },
    { method: 'fs/rename', what: 'to (overwriting)', params: (e) => ({ from: 'inside.txt', to: e.file, overwrite: true }) },
    { method: 'fs/remove', what: 'path of a file', params: (e) => ({ path: e.file }) },
    { method: 'fs/remove', what: 'path of a directory', params: (e) => ({ path: `${e.dir}/sub`, recursive: true }) },
    { method: 'fs/mkdir', what: 'path', params: (e) => ({ path: e.newDir }) },
    { method: 'fs/watch', what: 'path', params: (e) => ({ path: `${e.dir}/sub`, recursive: true }) },
    { method: 'fs/download', what: 'path of a file', params: (e) => ({ path: e.file }) },
    { method: 'fs/download', what: 'path of a directory', params: (e) => ({ path: e.dir }) },
    { method: 'fs/upload', what: 'filename', params: (e) => ({ parentId: '0', filename: e.newFile, content: bytes('pwned') }), kinds: ['dotdot', 'absolute'] },
    { method: 'fs/upload', what: 'parentId (the symlinked directory)', params: async () => ({ parentId: await node('out-dir'), filename: 'new.txt', content: bytes('pwned') }), kinds: ['symlink'] },
    { method: 'fs/operation', what: 'a created name', params: (e) => ({ operation: { type: 'create', parentId: '0', newEntry: { id: 'escape-create', type: 0, name: e.newFile } } }), kinds: ['dotdot', 'absolute'] },
    { method: 'fs/operation', what: 'a moved name', params: async (e) => ({ operation: { type: 'move', id: await node('inside.txt'), name: e.newFile } }), kinds: ['dotdot', 'absolute'] },
    { method: 'fs/operation', what: 'create below the symlinked directory', params: async () => ({ operation: { type: 'create', parentId: await node('out-dir'), newEntry: { id: 'escape-create', type: 0, name: 'new.txt' } } }), kinds: ['symlink'] },
    { method: 'fs/operation', what: 'move into the symlinked directory', params: async () => ({ operation: { type: 'move', id: await node('inside.txt'), parentId: await node('out-dir') } }), kinds: ['symlink'] },
    { method: 'file/openByPath', what: 'path', params: (e) => ({ path: e.file }) },
    { method: 'file/openByPath', what: 'path (a symlink to the file)', params: () => ({ path: 'out-file' }), kinds: ['symlink'] },
    { method: 'file/open', what: 'id of a symlink to the file', params: async () => ({ id: await node('out-file') }), kinds: ['symlink'] },
    { method: 'shell/create', what: 'cwd', params: (e) => ({ cwd: e.dir, type: 'TERMINAL' }) },
    {
      method: 'git/commit',
      what: 'paths',
      params: (e) => ({ message: 'escape', paths: [e.file] }),
      accepted: { absolute: `${ABSOLUTE_IS_A_WORKSPACE_PATH}: the commit shell starts and fails (git/commitFinished exitCode 1)` },
    },
    { method: 'git/discard', what: 'paths', params: (e) => ({ paths: [e.file] }), accepted: { absolute: `${ABSOLUTE_IS_A_WORKSPACE_PATH}: nothing is discarded` } },
    { method: 'git/remoteContent', what: 'path', params: (e) => ({ reference: 'HEAD', path: e.file }) },
    {
      method: 'git/transposeLines',
      what: 'path',
      params: (e) => [{ sha: 'HEAD', path: e.file, line: 1 }],
      accepted: Object.fromEntries((['dotdot', 'absolute', 'symlink'] as const).map((k) => [k, 'docs/protocol/git.md: null for an unknown path (the path is looked up in git, never on disk)'])),
    },
    { method: 'fs/search', what: 'includes', params: (e) => ({ text: 'canary', includes: [e.dir] }), accepted: searchAccepted },
    { method: 'fs/search', what: 'glob', params: (e) => ({ text: 'canary', glob: `${e.dir}/**` }), accepted: searchAccepted },
    {
      method: 'fs/streamingSearch',
      what: 'includes',
      params: (e, kind) => ({ searchId: `escape-${kind}`, text: 'canary', includes: [e.dir] }),
      accepted: searchAccepted,
    },
    {
      method: 'git/pushToRemote',
      what: 'url (a repository outside; refused by the sandbox, which shows git only the workspace and its home)',
      params: (e) => ({ url: `${e.dir}/repo.git`, branch: 'escape' }),
    },
  ];

  it('covers every request method that takes a path or a node id', () => {
    // Read off src/protocol/methods/*.ts: the params that are paths (path, from, to, cwd, paths, includes, glob,
    // filename) or tree node ids (file/open id, fs/upload parentId, fs/operation ids).
    const takingPaths: RequestMethod[] = [
      'fs/readFile', 'fs/readdir', 'fs/stat', 'fs/writeFile', 'fs/copy', 'fs/rename', 'fs/remove', 'fs/mkdir', 'fs/watch',
      'fs/download', 'fs/upload', 'fs/operation', 'file/openByPath', 'file/open', 'shell/create',
      'git/commit', 'git/discard', 'git/remoteContent', 'git/transposeLines', 'git/pushToRemote', 'fs/search', 'fs/streamingSearch',
    ];
    expect(takingPaths.filter((m) => !(m in paramsSchemas))).toEqual([]);
    expect([...new Set(CALLS.map((c) => c.method))].sort()).toEqual([...takingPaths].sort());
  });

  const cases = CALLS.flatMap((call) =>
    (call.kinds ?? (['dotdot', 'absolute', 'symlink'] as Kind[])).map((kind) => ({
      ...call,
      kind,
      name: `${call.method} ${call.what} via ${kind} ${call.accepted?.[kind] ? 'is answered by design, finding nothing' : 'is refused'}`,
    })),
  );

  it.each(cases)('$name; nothing outside is read or changed', async ({ method, params, kind, accepted }) => {
    // Without the sandbox (BULLPEN_SANDBOX=none, or no bubblewrap on loopback) git runs as the server's user and may
    // push anywhere it can write: README "Running on a network", ADR 0010. .ci/run installs bubblewrap.
    if (method === 'git/pushToRemote' && !isolated) return;
    const p = (await params(escapes[kind], kind)) as { searchId?: string };
    const from = s.wire.received.length;
    const answer = await s.answer(s.send(method, p), 60_000);
    if (method === 'git/commit' && answer.status === 0) {
      expect(await s.notification('git/commitFinished', () => true, from, 30_000)).toEqual({ exitCode: 1 });
    }
    if (method === 'fs/streamingSearch' && answer.status === 0) {
      expect(await s.notification('fs/searchFinished', (n) => n.searchId === p.searchId, from, 30_000)).toEqual({ searchId: p.searchId, hitLimit: false });
    }
    // Anything else it causes (a watch event, a shell's output) would arrive within moments.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const why = accepted?.[kind];
    if (why) {
      expect({ method, kind, why, status: answer.status }).toEqual({ method, kind, why, status: 0 });
      const nothing: Partial<Record<RequestMethod, unknown>> = { 'fs/search': [], 'git/transposeLines': [null], 'git/discard': { paths: [] } };
      if (method in nothing) expect(answer.result).toEqual(nothing[method]);
    } else {
      expect({ method, kind, answer: { status: answer.status, method: answer.method } }).toEqual({ method, kind, answer: { status: 1, method } });
      expect(answer.error).toEqual(expect.objectContaining({ code: expect.any(Number), message: expect.any(String) }));
    }
    const seen = s.wire.received.slice(from).map((f) => Buffer.from(f.bytes).toString('latin1'));
    expect(seen.filter((frame) => frame.includes(SECRET) || frame.includes(UNNAMED))).toEqual([]);
    if (method === 'fs/search' || method === 'fs/streamingSearch') expect(seen.filter((frame) => frame.includes(CANARY))).toEqual([]);
    expect(snapshot()).toBe(before);
  });

  it('a watch of the symlink itself sees only the link: changes outside are never reported', async () => {
    const watched = await s.ask('fs/watch', { path: 'out-dir', recursive: true });
    expect(watched.status).toBe(0);
    const from = s.wire.received.length;
    writeFileSync(path.join(outside, 'sub', 'changed-outside.txt'), 'x');
    writeFileSync(path.join(files(), 'changed-inside.txt'), 'x');
    await s.notification('fs/operations', (n) => JSON.stringify(n).includes('changed-inside.txt'), from);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(s.wire.received.slice(from).filter((f) => f.value.method === 'fs/watchEvent' && f.value.params.watchId === watched.result.watchId)).toEqual([]);
    expect(await s.ask('fs/unwatch', { watchId: watched.result.watchId })).toMatchObject({ status: 0 });
  });
});
