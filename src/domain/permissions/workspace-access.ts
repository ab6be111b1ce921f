/**
 * A client's permission groups as the join result and client/permissions give them (spec 002 §6, protocol.md §2):
 * `file`, `fs`, `shell`, `git`, `task`, `setup`, … each a map of booleans. A group or leaf the server leaves out is
 * not granted.
 */
export type PermissionTable = Readonly<Record<string, Readonly<Record<string, boolean>> | undefined>>;

/**
 * What this client may change in the workspace, read off its current permissions. Every write affordance of the
 * workbench follows one of these (docs/client/permissions.md); reading, opening, selecting, searching and downloading
 * need none.
 */
export interface WorkspaceAccess {
  /** Type in documents (file.documentOperation): without it the editors are read-only. */
  readonly edit: boolean;
  /** Save documents (file.save): Ctrl/Cmd+S, the Save action and autosave. */
  readonly save: boolean;
  /** Create, rename, move and delete files and folders in the explorer (fs.operation). */
  readonly changeFiles: boolean;
  /** Drop files from the desktop into the explorer (fs.upload). */
  readonly upload: boolean;
  /** Create, restart and kill terminals (shell.create): without it the terminal panel shows the read-only text. */
  readonly createShells: boolean;
  /** Type into running terminals (shell.write, the shell io of spec 002 §6): without it they can only be watched. */
  readonly typeInShells: boolean;
  /** Run, restart and stop tasks (task.run, task.stop). */
  readonly runTasks: boolean;
  /** Generate tasks.json from package.json (task.generateConfig). */
  readonly configureTasks: boolean;
  /** Run, retry and skip setup steps (setup.init, setup.skip, setup.skipAll). */
  readonly runSetup: boolean;
  /** Commit (git.commit), push (git.push), pull (git.pull), discard (git.discard), rename the branch (git.renameBranch). */
  readonly commit: boolean;
  readonly push: boolean;
  readonly pull: boolean;
  readonly discard: boolean;
  readonly renameBranch: boolean;
}

/** Before the join, and for a client the workspace grants nothing: only reading. */
export const READ_ONLY_ACCESS: WorkspaceAccess = {
  edit: false,
  save: false,
  changeFiles: false,
  upload: false,
  createShells: false,
  typeInShells: false,
  runTasks: false,
  configureTasks: false,
  runSetup: false,
  commit: false,
  push: false,
  pull: false,
  discard: false,
  renameBranch: false,
};

export function workspaceAccess(permissions: PermissionTable | undefined): WorkspaceAccess {
  if (!permissions) return READ_ONLY_ACCESS;
  const has = (group: string, ...names: string[]) => names.every((name) => permissions[group]?.[name] === true);
  return {
    edit: has('file', 'documentOperation'),
    save: has('file', 'save'),
    changeFiles: has('fs', 'operation'),
    upload: has('fs', 'upload'),
    createShells: has('shell', 'create'),
    typeInShells: has('shell', 'write'),
    runTasks: has('task', 'run', 'stop'),
    configureTasks: has('task', 'generateConfig'),
    runSetup: has('setup', 'init', 'skip', 'skipAll'),
    commit: has('git', 'commit'),
    push: has('git', 'push'),
    pull: has('git', 'pull'),
    discard: has('git', 'discard'),
    renameBranch: has('git', 'renameBranch'),
  };
}
