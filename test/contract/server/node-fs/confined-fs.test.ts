import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Result } from '../../../../src/base/result';
import { ConfinedFs, type FsFailure, type ReadOutcome, isBullpenTempName } from '../../../../src/server/adapters/node-fs/confined-fs';

jest.setTimeout(60_000);

const LIMITS = { maxTextCharacters: 1_000_000, maxBinaryBytes: 10_000_000 };

let root: string;
let outside: string;
let files: ConfinedFs;

beforeEach(async () => {
  root = await fsp.mkdtemp(path.join(os.tmpdir(), 'confined-ws-'));
  outside = await fsp.mkdtemp(path.join(os.tmpdir(), 'confined-out-'));
  await fsp.writeFile(path.join(outside, 'secret.txt'), 'SECRET');
  files = new ConfinedFs(root);
});

afterEach(async () => {
  await fsp.rm(root, { recursive: true, force: true });
  await fsp.rm(outside, { recursive: true, force: true });
});

/** Creates files (string or bytes), directories (ending in '/') and symlinks ({ link: target }) below the root. */
async function given(entries: Record<string, string | Uint8Array | { link: string }>): Promise<void> {
  for (const [rel, content] of Object.entries(entries)) {
    const at = path.join(root, rel);
    await fsp.mkdir(rel.endsWith('/') ? at : path.dirname(at), { recursive: true });
    if (rel.endsWith('/')) continue;
    if (typeof content === 'object' && 'link' in content) await fsp.symlink(content.link, at);
    else await fsp.writeFile(at, content);
  }
}

async function readOk(rel: string, limits = LIMITS): Promise<ReadOutcome> {
  const result = await files.read(rel, limits);
  if (!result.ok) throw new Error(`read ${rel} failed: ${result.error.message}`);
  return result.value;
}

async function failureOf(promise: Promise<Result<unknown, FsFailure>>): Promise<FsFailure> {
  const result = await promise;
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`);
  return result.error;
}

/** Every entry below `dir`, recursively, as paths relative to it (symlinks are not followed). */
async function allNames(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fsp.readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = path.join(prefix, entry.name);
    out.push(rel);
    if (entry.isDirectory()) out.push(...(await allNames(dir, rel)));
  }
  return out;
}

async function expectNoTempFiles(): Promise<void> {
  expect((await allNames(root)).filter((name) => path.basename(name).startsWith('.~bullpen-'))).toEqual([]);
}

describe('ConfinedFs.read', () => {
  it('reads valid UTF-8 without NUL as text', async () => {
    await given({ 'src/App.js': 'héllo 😀\n' });
    expect(await readOk('src/App.js')).toEqual({ kind: 'text', text: 'héllo 😀\n' });
    expect(await readOk('/./src//App.js')).toEqual({ kind: 'text', text: 'héllo 😀\n' });
  });

  it('reads an empty file as empty text', async () => {
    await given({ 'empty.txt': '' });
    expect(await readOk('empty.txt')).toEqual({ kind: 'text', text: '' });
  });

  it('reads a file with invalid UTF-8 as binary', async () => {
    const bytes = Uint8Array.from([0x68, 0x69, 0xff, 0xfe, 0x20]);
    await given({ 'a.bin': bytes });
    const outcome = await readOk('a.bin');
    expect(outcome.kind).toBe('binary');
    expect(Array.from((outcome as { bytes: Uint8Array }).bytes)).toEqual(Array.from(bytes));
  });

  it('reads a file with a NUL byte after the first 8 KB as binary', async () => {
    const bytes = Buffer.concat([Buffer.from('a'.repeat(20_000)), Buffer.from([0]), Buffer.from('b')]);
    await given({ 'late-nul.txt': bytes });
    const outcome = await readOk('late-nul.txt');
    expect(outcome.kind).toBe('binary');
    expect((outcome as { bytes: Uint8Array }).bytes.length).toBe(20_002);
  });

  it('reports a file larger than maxBinaryBytes as too large, text or binary', async () => {
    await given({ 'big.txt': 'x'.repeat(200), 'big.bin': Buffer.alloc(200, 0) });
    const limits = { maxTextCharacters: 1000, maxBinaryBytes: 100 };
    expect(await readOk('big.txt', limits)).toEqual({ kind: 'too-large', isBinary: false, characters: 200, bytes: 200 });
    expect(await readOk('big.bin', limits)).toEqual({ kind: 'too-large', isBinary: true, bytes: 200 });
  });

  it('counts UTF-16 units of a large multi-byte text by streaming it', async () => {
    // 3-byte and 4-byte characters straddle the 64 KB read chunks.
    const text = '€'.repeat(50_000) + '😀'.repeat(30_000);
    await given({ 'wide.txt': text });
    const bytes = Buffer.byteLength(text);
    expect(await readOk('wide.txt', { maxTextCharacters: 10, maxBinaryBytes: 1000 })).toEqual({
      kind: 'too-large',
      isBinary: false,
      characters: text.length,
      bytes,
    });
    expect(await readOk('wide.txt', { maxTextCharacters: 10, maxBinaryBytes: bytes })).toEqual({
      kind: 'too-large',
      isBinary: false,
      characters: text.length,
      bytes,
    });
  });

  it('reports a text longer than maxTextCharacters as too large, and accepts one exactly at the limit', async () => {
    await given({ 'ten.txt': 'abcdefghij', 'eleven.txt': 'abcdefghijk', 'forty.txt': 'y'.repeat(40), 'wide.txt': '😀'.repeat(6) });
    const limits = { maxTextCharacters: 10, maxBinaryBytes: 1000 };
    expect(await readOk('ten.txt', limits)).toEqual({ kind: 'text', text: 'abcdefghij' });
    expect(await readOk('eleven.txt', limits)).toEqual({ kind: 'too-large', isBinary: false, characters: 11, bytes: 11 });
    // bytes > 3 * maxTextCharacters: too long whatever it holds
    expect(await readOk('forty.txt', limits)).toEqual({ kind: 'too-large', isBinary: false, characters: 40, bytes: 40 });
    // 6 emoji: 24 bytes, 12 UTF-16 units
    expect(await readOk('wide.txt', limits)).toEqual({ kind: 'too-large', isBinary: false, characters: 12, bytes: 24 });
  });

  it('still returns a binary file within maxBinaryBytes whose size exceeds the text limit', async () => {
    const late = Buffer.concat([Buffer.alloc(100_000, 0x61), Buffer.from([0xff])]);
    await given({ 'img.bin': Buffer.alloc(500, 0), 'late.bin': late });
    const outcome = await readOk('img.bin', { maxTextCharacters: 10, maxBinaryBytes: 1000 });
    expect(outcome).toEqual({ kind: 'binary', bytes: new Uint8Array(500) });
    const lateOutcome = await readOk('late.bin', { maxTextCharacters: 10, maxBinaryBytes: 200_000 });
    expect(lateOutcome.kind).toBe('binary');
    expect(Buffer.from((lateOutcome as { bytes: Uint8Array }).bytes).equals(late)).toBe(true);
  });

  it('fails with EISDIR for a directory and for the root', async () => {
    await given({ 'dir/': '' });
    expect(await failureOf(files.read('dir', LIMITS))).toMatchObject({ errno: -21, code: 'EISDIR' });
    expect(await failureOf(files.read('', LIMITS))).toMatchObject({ errno: -21, code: 'EISDIR' });
  });

  it('fails with ENOENT naming the workspace-relative path', async () => {
    await given({ 'src/': '' });
    expect(await failureOf(files.read('src/x.ts', LIMITS))).toEqual({
      errno: -2,
      code: 'ENOENT',
      message: "ENOENT: no such file or directory, open 'src/x.ts'",
    });
    const missingParent = await failureOf(files.read('/nope/x.ts', LIMITS));
    expect(missingParent).toMatchObject({ errno: -2, code: 'ENOENT', message: "ENOENT: no such file or directory, open 'nope/x.ts'" });
  });

  it('fails with ENOTDIR when a parent is a file', async () => {
    await given({ 'file.txt': 'x' });
    expect(await failureOf(files.read('file.txt/x', LIMITS))).toMatchObject({ errno: -20, code: 'ENOTDIR' });
  });

  it("refuses '..' above the root and NUL with 'Invalid path'", async () => {
    for (const bad of ['../x', 'a/../../x', '..', 'a\0b']) {
      expect(await failureOf(files.read(bad, LIMITS))).toEqual({ errno: -22, code: 'EINVAL', message: 'Invalid path' });
    }
    await given({ 'a/b.txt': 'inside' });
    expect(await readOk('a/../a/./b.txt')).toEqual({ kind: 'text', text: 'inside' });
  });

  it('refuses non-regular files without blocking (FIFO)', async () => {
    const { execFileSync } = await import('node:child_process');
    execFileSync('mkfifo', [path.join(root, 'pipe')]);
    expect(await failureOf(files.read('pipe', LIMITS))).toMatchObject({ code: 'EINVAL' });
  });
});

describe('ConfinedFs symlinks', () => {
  it('refuses a symlink to /etc/passwd with EACCES without revealing host paths', async () => {
    await given({ 'passwd': { link: '/etc/passwd' } });
    const failure = await failureOf(files.read('passwd', LIMITS));
    expect(failure).toEqual({ errno: -13, code: 'EACCES', message: "EACCES: permission denied, open 'passwd'" });
    expect(await files.entryType('passwd')).toEqual({ ok: true, value: 'symlink-outside' });
  });

  it('refuses writing through a symlink to an outside file and leaves that file alone', async () => {
    await given({ 'out.txt': { link: path.join(outside, 'secret.txt') } });
    expect(await failureOf(files.writeFile('out.txt', 'pwned'))).toMatchObject({ errno: -13, code: 'EACCES' });
    expect(await fsp.readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('SECRET');
    expect((await fsp.lstat(path.join(root, 'out.txt'))).isSymbolicLink()).toBe(true);
    expect(await fsp.readdir(outside)).toEqual(['secret.txt']);
    await expectNoTempFiles();
  });

  it('refuses a symlink to a directory outside for every operation', async () => {
    await given({ 'ext': { link: outside }, 'rel': { link: '../../..' + outside } });
    for (const link of ['ext', 'rel']) {
      expect(await failureOf(files.read(`${link}/secret.txt`, LIMITS))).toMatchObject({ errno: -13, code: 'EACCES' });
      expect(await failureOf(files.writeFile(`${link}/new.txt`, 'x'))).toMatchObject({ code: 'EACCES' });
      expect(await failureOf(files.readdir(link))).toMatchObject({
        code: 'EACCES',
        message: `EACCES: permission denied, scandir '${link}'`,
      });
      expect(await failureOf(files.entryType(`${link}/secret.txt`))).toMatchObject({ code: 'EACCES' });
      expect(await failureOf(files.realDirectory(link))).toMatchObject({ code: 'EACCES' });
      expect(await files.entryType(link)).toEqual({ ok: true, value: 'symlink-outside' });
    }
    expect(await fsp.readdir(outside)).toEqual(['secret.txt']);
  });

  it('refuses a relative symlink that climbs above the root', async () => {
    await given({ 'a/up': { link: '../../x' }, 'a/sib': { link: `../../${path.basename(outside)}/secret.txt` } });
    expect(await failureOf(files.read('a/up', LIMITS))).toMatchObject({ code: 'EACCES' });
    expect(await failureOf(files.read('a/sib', LIMITS))).toMatchObject({ code: 'EACCES' });
  });

  it('follows symlinks to files and directories inside the workspace', async () => {
    await given({
      'real/file.txt': 'inside',
      'link.txt': { link: 'real/file.txt' },
      'abs.txt': { link: path.join(root, 'real', 'file.txt') },
      'dirlink': { link: 'real' },
    });
    expect(await readOk('link.txt')).toEqual({ kind: 'text', text: 'inside' });
    expect(await readOk('abs.txt')).toEqual({ kind: 'text', text: 'inside' });
    expect(await readOk('dirlink/file.txt')).toEqual({ kind: 'text', text: 'inside' });
    expect(await files.entryType('link.txt')).toEqual({ ok: true, value: 'file' });
    expect(await files.entryType('dirlink')).toEqual({ ok: true, value: 'directory' });
    expect(await files.entryType('dirlink/file.txt')).toEqual({ ok: true, value: 'file' });
    expect(await files.realDirectory('dirlink')).toEqual({ ok: true, value: path.join(root, 'real') });
  });

  it('follows a relative symlink chain inside the workspace', async () => {
    await given({
      'c/target.txt': 'end of chain',
      'b/l2': { link: '../c/target.txt' },
      'a/l1': { link: '../b/l2' },
      'x/dl': { link: '../y' },
      'y': { link: 'c' },
    });
    expect(await readOk('a/l1')).toEqual({ kind: 'text', text: 'end of chain' });
    expect(await readOk('x/dl/target.txt')).toEqual({ kind: 'text', text: 'end of chain' });
  });

  it('fails with ELOOP on a symlink loop', async () => {
    await given({ 'l1': { link: 'l2' }, 'l2': { link: 'l1' }, 'self': { link: 'self' } });
    expect(await failureOf(files.read('l1', LIMITS))).toMatchObject({ errno: -40, code: 'ELOOP' });
    expect(await failureOf(files.read('self/x', LIMITS))).toMatchObject({ errno: -40, code: 'ELOOP' });
    expect(await failureOf(files.writeFile('l1', 'x'))).toMatchObject({ code: 'ELOOP' });
    expect(await files.entryType('l1')).toEqual({ ok: true, value: 'symlink-outside' });
    await expectNoTempFiles();
  });

  it('reports a dangling symlink as symlink-outside, and writing through it creates its target', async () => {
    await given({ 'dangling': { link: 'sub/later.txt' }, 'sub/': '' });
    expect(await files.entryType('dangling')).toEqual({ ok: true, value: 'symlink-outside' });
    expect(await failureOf(files.read('dangling', LIMITS))).toMatchObject({ code: 'ENOENT' });
    expect(await files.writeFile('dangling', 'now here')).toEqual({ ok: true, value: undefined });
    expect(await fsp.readFile(path.join(root, 'sub/later.txt'), 'utf8')).toBe('now here');
    expect((await fsp.lstat(path.join(root, 'dangling'))).isSymbolicLink()).toBe(true);
  });

  it('writes the target of an in-workspace symlink and leaves the link a link', async () => {
    await given({ 'real/file.txt': 'old', 'link.txt': { link: 'real/file.txt' } });
    await fsp.chmod(path.join(root, 'real/file.txt'), 0o600);
    expect(await files.writeFile('link.txt', 'new')).toEqual({ ok: true, value: undefined });
    expect((await fsp.lstat(path.join(root, 'link.txt'))).isSymbolicLink()).toBe(true);
    expect(await fsp.readlink(path.join(root, 'link.txt'))).toBe('real/file.txt');
    expect(await fsp.readFile(path.join(root, 'real/file.txt'), 'utf8')).toBe('new');
    expect((await fsp.stat(path.join(root, 'real/file.txt'))).mode & 0o777).toBe(0o600);
    await expectNoTempFiles();
  });
});

describe('ConfinedFs.writeFile', () => {
  it('creates a new file with mode 0644 and leaves no temp file', async () => {
    await given({ 'src/': '' });
    expect(await files.writeFile('src/new.ts', 'export {};\n')).toEqual({ ok: true, value: undefined });
    expect(await fsp.readFile(path.join(root, 'src/new.ts'), 'utf8')).toBe('export {};\n');
    expect((await fsp.stat(path.join(root, 'src/new.ts'))).mode & 0o777).toBe(0o644);
    await expectNoTempFiles();
  });

  it('replaces an existing file keeping its mode, and writes bytes as given', async () => {
    await given({ 'run.sh': 'echo old' });
    await fsp.chmod(path.join(root, 'run.sh'), 0o751);
    const bytes = Uint8Array.from([0, 1, 2, 255]);
    expect(await files.writeFile('run.sh', bytes, { create: false })).toEqual({ ok: true, value: undefined });
    expect(Array.from(await fsp.readFile(path.join(root, 'run.sh')))).toEqual([0, 1, 2, 255]);
    expect((await fsp.stat(path.join(root, 'run.sh'))).mode & 0o777).toBe(0o751);
    await expectNoTempFiles();
  });

  it('fails with ENOENT for a missing file when create is false', async () => {
    expect(await failureOf(files.writeFile('missing.txt', 'x', { create: false }))).toEqual({
      errno: -2,
      code: 'ENOENT',
      message: "ENOENT: no such file or directory, open 'missing.txt'",
    });
    expect(await fsp.readdir(root)).toEqual([]);
  });

  it('fails with ENOTDIR when the parent is a file, leaving nothing behind', async () => {
    await given({ 'file.txt': 'keep' });
    expect(await failureOf(files.writeFile('file.txt/child.txt', 'x'))).toMatchObject({ errno: -20, code: 'ENOTDIR' });
    expect(await fsp.readFile(path.join(root, 'file.txt'), 'utf8')).toBe('keep');
    await expectNoTempFiles();
  });

  it('fails with EISDIR over a directory and removes its temp file', async () => {
    await given({ 'dir/inner.txt': 'x', 'empty/': '' });
    expect(await failureOf(files.writeFile('dir', 'x'))).toMatchObject({ errno: -21, code: 'EISDIR' });
    expect(await failureOf(files.writeFile('empty', 'x'))).toMatchObject({ errno: -21, code: 'EISDIR' });
    expect(await failureOf(files.writeFile('', 'x'))).toMatchObject({ code: 'EISDIR' });
    expect((await fsp.stat(path.join(root, 'empty'))).isDirectory()).toBe(true);
    await expectNoTempFiles();
  });

  it('refuses invalid paths', async () => {
    expect(await failureOf(files.writeFile('../escape.txt', 'x'))).toEqual({ errno: -22, code: 'EINVAL', message: 'Invalid path' });
    expect(await fsp.readdir(path.dirname(root))).not.toContain('escape.txt');
  });

  it('keeps every one of 40 concurrent writes of one file atomic', async () => {
    await given({ 'hot.txt': 'initial' });
    const contents = Array.from({ length: 40 }, (_, i) => `${String(i).padStart(2, '0')}:${'abcdefghij'[i % 10].repeat(50_000 + i)}`);
    const results = await Promise.all(contents.map((content) => files.writeFile('hot.txt', content)));
    expect(results.every((result) => result.ok)).toBe(true);
    const final = await fsp.readFile(path.join(root, 'hot.txt'), 'utf8');
    expect(contents).toContain(final);
    await expectNoTempFiles();
  });

  it('writes different files concurrently', async () => {
    await given({ 'many/': '' });
    const names = Array.from({ length: 30 }, (_, i) => `many/f${i}.txt`);
    const results = await Promise.all(names.map((name) => files.writeFile(name, name)));
    expect(results.every((result) => result.ok)).toBe(true);
    for (const name of names) expect(await fsp.readFile(path.join(root, name), 'utf8')).toBe(name);
    await expectNoTempFiles();
  });
});

describe('ConfinedFs.entryType, readdir and realDirectory', () => {
  it('reports files, directories and missing entries', async () => {
    await given({ 'a/b.txt': 'x', 'file.txt': 'y' });
    expect(await files.entryType('a')).toEqual({ ok: true, value: 'directory' });
    expect(await files.entryType('a/b.txt')).toEqual({ ok: true, value: 'file' });
    expect(await files.entryType('')).toEqual({ ok: true, value: 'directory' });
    expect(await files.entryType('a/nope')).toEqual({ ok: true, value: undefined });
    expect(await files.entryType('nope/deeper')).toEqual({ ok: true, value: undefined });
    expect(await files.entryType('file.txt/x')).toEqual({ ok: true, value: undefined });
    expect(await failureOf(files.entryType('../x'))).toMatchObject({ code: 'EINVAL', message: 'Invalid path' });
  });

  it('lists a directory with symlink targets resolved inside the workspace', async () => {
    await given({
      'd/file.txt': 'x',
      'd/sub/': '',
      'd/to-file': { link: 'file.txt' },
      'd/to-dir': { link: 'sub' },
      'd/to-outside': { link: outside },
      'd/dangling': { link: 'nothing' },
      'top': { link: 'd' },
    });
    const listing = await files.readdir('top');
    expect(listing.ok).toBe(true);
    const entries = listing.ok ? [...listing.value].sort((x, y) => (x.name < y.name ? -1 : 1)) : [];
    expect(entries).toEqual([
      { name: 'dangling', type: 'file', isSymlink: true },
      { name: 'file.txt', type: 'file', isSymlink: false },
      { name: 'sub', type: 'directory', isSymlink: false },
      { name: 'to-dir', type: 'directory', isSymlink: true },
      { name: 'to-file', type: 'file', isSymlink: true },
      { name: 'to-outside', type: 'file', isSymlink: true },
    ]);
    const rootListing = await files.readdir('');
    expect(rootListing.ok && rootListing.value.map((e) => e.name).sort()).toEqual(['d', 'top']);
  });

  it('fails readdir on a file with ENOTDIR and on a missing directory with ENOENT', async () => {
    await given({ 'file.txt': 'x' });
    expect(await failureOf(files.readdir('file.txt'))).toMatchObject({ errno: -20, code: 'ENOTDIR' });
    expect(await failureOf(files.readdir('nope'))).toMatchObject({ errno: -2, code: 'ENOENT' });
  });

  it('gives the real absolute path of a directory', async () => {
    await given({ 'a/b/': '', 'file.txt': 'x' });
    const realRoot = await fsp.realpath(root);
    expect(await files.realDirectory('a/b')).toEqual({ ok: true, value: path.join(realRoot, 'a/b') });
    expect(await files.realDirectory('')).toEqual({ ok: true, value: realRoot });
    expect(await failureOf(files.realDirectory('file.txt'))).toMatchObject({ code: 'ENOTDIR' });
  });
});

describe('ConfinedFs under concurrent symlink swaps', () => {
  /** Repeatedly replaces `rel` (atomically, by rename) with a real file or a symlink to the outside secret. */
  function startSwapping(rel: string, inside: string): { stop: () => Promise<number> } {
    let running = true;
    let swaps = 0;
    const at = path.join(root, rel);
    const loop = (async () => {
      while (running) {
        const staged = `${at}.staged`;
        if (swaps % 2 === 0) await fsp.writeFile(staged, inside);
        else await fsp.symlink(path.join(outside, 'secret.txt'), staged);
        await fsp.rename(staged, at);
        swaps += 1;
      }
    })();
    return {
      stop: async () => {
        running = false;
        await loop;
        return swaps;
      },
    };
  }

  it('never reads the outside file while a checked file is swapped for a symlink', async () => {
    await given({ 'dir/link': 'inside' });
    const swapper = startSwapping('dir/link', 'inside');
    const seen = { text: 0, refused: 0 };
    try {
      for (let i = 0; i < 500; i++) {
        const result = await files.read('dir/link', LIMITS);
        if (result.ok) {
          expect(result.value).toEqual({ kind: 'text', text: 'inside' });
          seen.text += 1;
        } else {
          expect(['EACCES', 'ELOOP']).toContain(result.error.code);
          seen.refused += 1;
        }
      }
    } finally {
      expect(await swapper.stop()).toBeGreaterThan(10);
    }
    // The swap was exercised: some reads met the symlink (the mix depends on timing).
    expect(seen.text + seen.refused).toBe(500);
    expect(seen.refused).toBeGreaterThan(0);
  });

  it('never writes the outside file while the target is swapped for a symlink', async () => {
    await given({ 'dir/link': 'inside' });
    const swapper = startSwapping('dir/link', 'inside');
    try {
      for (let i = 0; i < 200; i++) {
        const result = await files.writeFile('dir/link', `write ${i}`);
        if (!result.ok) expect(['EACCES', 'ELOOP']).toContain(result.error.code);
      }
    } finally {
      await swapper.stop();
    }
    expect(await fsp.readFile(path.join(outside, 'secret.txt'), 'utf8')).toBe('SECRET');
    expect(await fsp.readdir(outside)).toEqual(['secret.txt']);
  });

  it('never reads outside while a parent directory is swapped for a symlink to an outside directory', async () => {
    await given({ 'real/secret.txt': 'inside' });
    let running = true;
    let swaps = 0;
    const sub = path.join(root, 'sub');
    const swapper = (async () => {
      while (running) {
        await fsp.rm(sub, { recursive: true, force: true });
        if (swaps % 2 === 0) await fsp.cp(path.join(root, 'real'), sub, { recursive: true });
        else await fsp.symlink(outside, sub);
        swaps += 1;
      }
      return swaps;
    })();
    try {
      // At least 300 reads, and on until the swapper (slower on a loaded machine) has swapped 20 times.
      for (let i = 0; (i < 300 || swaps < 20) && i < 100_000; i++) {
        const result = await files.read('sub/secret.txt', LIMITS);
        // '' is the copy of real/ caught between creating the file and writing it; never the outside SECRET.
        if (result.ok) expect(['inside', '']).toContainEqual((result.value as { text?: string }).text);
        else expect(['EACCES', 'ENOENT', 'ELOOP']).toContain(result.error.code);
      }
    } finally {
      running = false;
      expect(await swapper).toBeGreaterThanOrEqual(20);
    }
  });
});

describe('isBullpenTempName', () => {
  it('recognises writeFile temp names only', () => {
    expect(isBullpenTempName('.~bullpen-0f8e2b6c-2d1a-4c3e-9b7f-1234567890ab.tmp')).toBe(true);
    expect(isBullpenTempName('.~bullpen-.tmp')).toBe(false);
    expect(isBullpenTempName('.~bullpen-notauuid.tmp')).toBe(false);
    expect(isBullpenTempName('.~bullpen-0f8e2b6c-2d1a-4c3e-9b7f-1234567890ab.tmp.txt')).toBe(false);
    expect(isBullpenTempName('App.js')).toBe(false);
  });

  it('matches the temp files writeFile creates', async () => {
    // Watch the root during a write: the temp file shows up in the events.
    const seen = new Set<string>();
    const watcher = (await import('node:fs')).watch(root, (_event, name) => {
      if (typeof name === 'string' && name.startsWith('.~bullpen-')) seen.add(name);
    });
    try {
      await files.writeFile('new.txt', 'x');
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      watcher.close();
    }
    expect(seen.size).toBeGreaterThan(0);
    for (const name of seen) expect(isBullpenTempName(name)).toBe(true);
  });
});
