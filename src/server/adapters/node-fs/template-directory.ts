import { promises as fsp } from 'node:fs';
import * as path from 'node:path';
import { SandboxTemplate } from '../../application/sandbox/sandbox-template';

/** Directories a template directory may hold that are never starter files. */
const SKIPPED_DIRECTORIES = new Set(['.git', 'node_modules']);

/**
 * A template made of a directory's files (BULLPEN_TEMPLATE): every regular file below it, at the same path, byte for
 * byte; `.git` and `node_modules` are left out, and so are symbolic links. Rejects when the directory cannot be read
 * or holds no file.
 */
export async function readTemplateDirectory(dir: string): Promise<SandboxTemplate> {
  const root = path.resolve(dir);
  const files: Record<string, Uint8Array> = {};
  const walk = async (relative: string): Promise<void> => {
    const entries = await fsp.readdir(path.join(root, relative), { withFileTypes: true });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory() && !SKIPPED_DIRECTORIES.has(entry.name)) await walk(child);
      else if (entry.isFile()) files[child] = await fsp.readFile(path.join(root, child));
    }
  };
  try {
    await walk('');
  } catch (error) {
    throw new Error(`BULLPEN_TEMPLATE ${root} cannot be read: ${(error as Error).message}`);
  }
  if (Object.keys(files).length === 0) throw new Error(`BULLPEN_TEMPLATE ${root} holds no file`);
  const name = path.basename(root);
  return { id: `directory:${name}`, title: name, files };
}
