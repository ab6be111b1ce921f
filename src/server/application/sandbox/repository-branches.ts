import { WorkspaceFiles } from '../ports/workspace-files.port';

const MAX_REF_FILE_BYTES = 8 * 1024 * 1024;
const decoder = new TextDecoder();

async function readText(files: WorkspaceFiles, path: string): Promise<string | undefined> {
  const read = await files.readBytes(path, MAX_REF_FILE_BYTES);
  return read.ok && read.value.kind === 'bytes' ? decoder.decode(read.value.bytes) : undefined;
}

/** The branch checked out in the workspace's repository (`.git/HEAD`); undefined without one (no repository, detached). */
export async function checkedOutBranch(files: WorkspaceFiles): Promise<string | undefined> {
  const head = await readText(files, '.git/HEAD');
  return head?.match(/^ref: refs\/heads\/(.+?)\s*$/)?.[1];
}

/**
 * Whether the repository has a local branch `name` (a loose ref or one in packed-refs). `name` must be a valid
 * branch name (isValidBranchName), so the ref path stays below `.git/refs/heads`; reads are confined to the
 * workspace like every WorkspaceFiles call.
 */
export async function hasLocalBranch(files: WorkspaceFiles, name: string): Promise<boolean> {
  const loose = await files.stat(`.git/refs/heads/${name}`);
  if (loose.ok && loose.value.type === 'file') return true;
  const packed = await readText(files, '.git/packed-refs');
  if (packed === undefined) return false;
  return packed.split('\n').some((line) => {
    const [hash, ref, ...rest] = line.trimEnd().split(' ');
    return rest.length === 0 && /^[0-9a-f]{40,64}$/.test(hash) && ref === `refs/heads/${name}`;
  });
}
