import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Result } from '../../../../src/base/result';
import { ConfinedFs, type FsFailure } from '../../../../src/server/adapters/node-fs/confined-fs';

jest.setTimeout(60_000);

let root: string;
let outside: string;
let files: ConfinedFs;

beforeEach(async () => {
  root = await fsp.mkdtemp(path.join(os.tmpdir(), 'confined-ws-'));
  outside = await fsp.mkdtemp(path.join(os.tmpdir(), 'confined-out-'));
  await fsp.mkdir(path.join(outside, 'keep'));
  await fsp.writeFile(path.join(outside, 'keep', 'secret.txt'), 'SECRET');
  files = new ConfinedFs(root);
});

afterEach(async () => {
  await fsp.rm(root, { recursive: true, force: true });
  await fsp.rm(outside, { recursive: true, force: true });
});

const at = (rel: string) => path.join(root, rel);
async function codeOf(promise: Promise<Result<unknown, FsFailure>>): Promise<string> {
  const result = await promise;
  if (result.ok) throw new Error('expected a failure');
  return result.error.code;
}
async function outsideIntact(): Promise<void> {
  expect(await fsp.readFile(path.join(outside, 'keep', 'secret.txt'), 'utf8')).toBe('SECRET');
  expect(await fsp.readdir(outside)).toEqual(['keep']);
}

describe('ConfinedFs.remove', () => {
  it('removes a tree with a symlink to an outside directory inside it, and only the link', async () => {
    await fsp.mkdir(at('tree/a/b'), { recursive: true });
    await fsp.writeFile(at('tree/a/b/f.txt'), 'x');
    await fsp.symlink(path.join(outside, 'keep'), at('tree/a/out'));
    expect(await files.remove('tree', true)).toEqual({ ok: true, value: undefined });
    await expect(fsp.lstat(at('tree'))).rejects.toMatchObject({ code: 'ENOENT' });
    await outsideIntact();
  });

  it('refuses a path through an outside symlink, and removes the link itself when asked', async () => {
    await fsp.symlink(path.join(outside, 'keep'), at('out'));
    expect(await codeOf(files.remove('out/secret.txt', false))).toBe('EACCES');
    expect(await files.remove('out/', true)).toEqual({ ok: true, value: undefined });
    await expect(fsp.lstat(at('out'))).rejects.toMatchObject({ code: 'ENOENT' });
    await outsideIntact();
  });

  it('never deletes outside while directories of the tree are swapped for symlinks to the outside', async () => {
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 20; i++) {
        await fsp.mkdir(at(`victim/d${i}`), { recursive: true });
        await fsp.writeFile(at(`victim/d${i}/f.txt`), 'x');
      }
      let running = true;
      const swapper = (async () => {
        let i = 0;
        while (running) {
          const dir = at(`victim/d${i % 20}`);
          await fsp.rm(dir, { recursive: true, force: true }).catch(() => undefined);
          await fsp.symlink(path.join(outside, 'keep'), dir).catch(() => undefined);
          i++;
        }
      })();
      await files.remove('victim', true);
      running = false;
      await swapper;
      await fsp.rm(at('victim'), { recursive: true, force: true });
      await outsideIntact();
    }
  });
});

describe('ConfinedFs.copy, rename, mkdir and stat', () => {
  it('copies a directory into a new place, keeping inner symlinks as links, and refuses a copy into itself', async () => {
    await fsp.mkdir(at('src/sub'), { recursive: true });
    await fsp.writeFile(at('src/sub/a.txt'), 'A');
    await fsp.symlink(path.join(outside, 'keep'), at('src/out'));
    expect((await files.copy('src', 'dst', { recursive: true, overwrite: false })).ok).toBe(true);
    expect(await fsp.readFile(at('dst/sub/a.txt'), 'utf8')).toBe('A');
    expect(await fsp.readlink(at('dst/out'))).toBe(path.join(outside, 'keep'));
    expect(await codeOf(files.copy('src', 'src/sub/again', { recursive: true, overwrite: false }))).toBe('EINVAL');
    expect(await codeOf(files.copy('src', 'dst', { recursive: true, overwrite: false }))).toBe('EEXIST');
    expect((await fsp.readdir(at('dst'))).filter((n) => n.startsWith('.~bullpen-'))).toEqual([]);
    await outsideIntact();
  });

  it('copies to the place an inside symlink names, and stops a copy into the source reached through a symlink', async () => {
    await fsp.mkdir(at('tree/inner'), { recursive: true });
    await fsp.writeFile(at('tree/inner/f'), 'f');
    await fsp.symlink(at('copy-of-tree'), at('tree-target'));
    expect((await files.copy('tree', 'tree-target', { recursive: true, overwrite: false })).ok).toBe(true);
    expect(await fsp.readFile(at('copy-of-tree/inner/f'), 'utf8')).toBe('f');
    // 'into-self' names tree/inner/copy: the lexical check cannot see it, the inode guard ends the recursion.
    await fsp.symlink('tree/inner', at('into-self'));
    expect((await files.copy('tree', 'into-self/copy', { recursive: true, overwrite: false })).ok).toBe(true);
    expect(await fsp.readFile(at('tree/inner/copy/inner/f'), 'utf8')).toBe('f');
    await expect(fsp.lstat(at('tree/inner/copy/inner/copy'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('renames without replacing unless asked', async () => {
    await fsp.writeFile(at('a'), 'A');
    await fsp.writeFile(at('b'), 'B');
    expect(await codeOf(files.rename('a', 'b', false))).toBe('EEXIST');
    expect((await files.rename('a', 'b', true)).ok).toBe(true);
    expect(await fsp.readFile(at('b'), 'utf8')).toBe('A');
    expect(await codeOf(files.rename('missing', 'c', false))).toBe('ENOENT');
  });

  it('makes nested directories through an inside symlink, and never through an outside one', async () => {
    await fsp.mkdir(at('real'));
    await fsp.symlink('real', at('alias'));
    await fsp.symlink(path.join(outside, 'keep'), at('out'));
    expect((await files.mkdir('alias/x/y', true)).ok).toBe(true);
    expect((await fsp.stat(at('real/x/y'))).isDirectory()).toBe(true);
    expect(await codeOf(files.mkdir('out/new', true))).toBe('EACCES');
    await outsideIntact();
  });

  it('stats a link to an inside file as its target and a link leading outside as itself', async () => {
    await fsp.writeFile(at('file'), '12345');
    await fsp.symlink('file', at('inside-link'));
    await fsp.symlink(path.join(outside, 'keep', 'secret.txt'), at('outside-link'));
    expect(await files.stat('inside-link')).toMatchObject({ ok: true, value: { type: 'file', isSymlink: true, size: 5 } });
    const own = await files.stat('outside-link');
    expect(own).toMatchObject({ ok: true, value: { type: 'file', isSymlink: true } });
    if (own.ok) expect(own.value.size).toBe(path.join(outside, 'keep', 'secret.txt').length);
  });
});
