import { LinuxProcessMetrics } from '../../../src/server/adapters/proc/linux-process-metrics';
import { DirectProcessRuntime } from '../../../src/server/adapters/process/direct-runtime';
import { TokenService } from '../../../src/server/application/ports/token-service.port';
import { TreeIdChange, TreeIdStore } from '../../../src/server/application/ports/tree-id-store.port';
import { ShellHost } from '../../../src/server/application/ports/shell-host.port';
import { Workspace } from '../../../src/server/application/workspace/workspace';
import { WorkspaceTree } from '../../../src/server/application/workspace/workspace-tree';
import { MemoryJournal } from './memory-journal';
import { MemoryWorkspaceFiles } from './memory-workspace-files';

export class MemoryTreeIds implements TreeIdStore {
  readonly ids = new Map<string, string>();
  async load(): Promise<Map<string, string>> {
    return new Map(this.ids);
  }
  record(changes: readonly TreeIdChange[]): void {
    for (const c of changes) {
      if (c.kind === 'set') this.ids.set(c.path, c.id);
      else this.ids.delete(c.path);
    }
  }
}

export const noShells: ShellHost = {
  spawn: () => {
    throw new Error('no shells in this test');
  },
};

/** Tokens that are just JSON (tests only). */
export const plainTokens: TokenService = {
  sign: (purpose, payload) => JSON.stringify({ purpose, payload }),
  verify: <T extends object>(purpose: string, token: string): T | undefined => {
    try {
      const parsed = JSON.parse(token) as { purpose: string; payload: T };
      return parsed.purpose === purpose ? parsed.payload : undefined;
    } catch {
      return undefined;
    }
  },
  issueJwt: (subject, claims) => JSON.stringify({ jwt: { ...claims, sub: subject } }),
  verifyJwt: (token) => {
    try {
      return (JSON.parse(token) as { jwt?: Record<string, unknown> & { sub: string } }).jwt;
    } catch {
      return undefined;
    }
  },
};

/** A real Workspace (tree, documents, hub) over in-memory files and journal. */
export async function memoryWorkspace(files: Record<string, string>, options: { journal?: MemoryJournal; ids?: MemoryTreeIds; maxTextCharacters?: number } = {}) {
  let counter = 0;
  const newId = () => `id-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
  const disk = new MemoryWorkspaceFiles(files);
  const journal = options.journal ?? new MemoryJournal();
  const ids = options.ids ?? new MemoryTreeIds();
  const tree = new WorkspaceTree(disk, ids, newId);
  await tree.load();
  const logs: string[] = [];
  const workspace = new Workspace({
    sandboxId: 'sim',
    files: disk,
    tree,
    journal,
    runtime: new DirectProcessRuntime(noShells),
    box: { sandboxId: 'sim', rootDir: disk.rootDir, homeDir: disk.rootDir },
    metrics: new LinuxProcessMetrics(),
    watcher: undefined,
    limits: { maxTextCharacters: options.maxTextCharacters ?? 5_000_000, maxBinaryBytes: 1_000_000 },
    newId,
    log: (m) => logs.push(m),
  });
  return { workspace, disk, journal, ids, tree, newId, logs };
}
