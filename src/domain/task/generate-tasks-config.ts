import { TasksConfigJson } from './tasks-config';

export type PackageManager = 'npm' | 'yarn' | 'pnpm' | 'bun';

/** Which package manager a project uses: package.json's "packageManager" field, else its lock file, else npm. */
export function packageManagerOf(packageJson: Record<string, unknown> | undefined, rootFileNames: readonly string[]): PackageManager {
  const declared = typeof packageJson?.packageManager === 'string' ? packageJson.packageManager.split('@')[0] : undefined;
  if (declared === 'npm' || declared === 'yarn' || declared === 'pnpm' || declared === 'bun') return declared;
  const names = new Set(rootFileNames);
  if (names.has('pnpm-lock.yaml')) return 'pnpm';
  if (names.has('yarn.lock')) return 'yarn';
  if (names.has('bun.lockb') || names.has('bun.lock')) return 'bun';
  return 'npm';
}

/** Scripts that run on their own around others (npm's pre/post hooks and lifecycle scripts) get no task. */
const LIFECYCLE = new Set(['preinstall', 'install', 'postinstall', 'prepublish', 'preprepare', 'prepare', 'postprepare', 'prepublishOnly', 'prepack', 'postpack']);

/** A port a script names (`--port 5173`, `-p 3000`, `PORT=8080`), if any. */
export function portOfScript(script: string): number | undefined {
  const match = /(?:--port[=\s]+|(?:^|\s)-p\s+|\bPORT=)(\d{2,5})\b/.exec(script);
  const port = match ? Number(match[1]) : undefined;
  return port !== undefined && port >= 1 && port <= 65535 ? port : undefined;
}

/**
 * task/generateConfig: a tasks.json from package.json. The install command is the one setup step, every script is a
 * task run through the project's package manager, and the dev server (`dev`, else `start`) runs at start. Without a
 * usable package.json the file has no tasks.
 */
export function generateTasksConfig(packageJsonText: string | undefined, rootFileNames: readonly string[]): TasksConfigJson {
  let packageJson: Record<string, unknown> | undefined;
  try {
    const parsed: unknown = packageJsonText === undefined ? undefined : JSON.parse(packageJsonText);
    packageJson = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    packageJson = undefined;
  }
  if (packageJson === undefined) return { setupTasks: [], tasks: {} };
  const manager = packageManagerOf(packageJson, rootFileNames);
  const scripts = typeof packageJson.scripts === 'object' && packageJson.scripts !== null ? (packageJson.scripts as Record<string, unknown>) : {};
  const names = Object.keys(scripts).filter((name) => typeof scripts[name] === 'string' && !isHook(name, scripts));
  const atStart = names.includes('dev') ? 'dev' : names.includes('start') ? 'start' : undefined;
  const tasks: Record<string, unknown> = {};
  for (const name of names) {
    const task: Record<string, unknown> = { name, command: `${manager} run ${name}` };
    if (name === atStart) task.runAtStart = true;
    const port = portOfScript(scripts[name] as string);
    if (port !== undefined) task.preview = { port };
    tasks[name] = task;
  }
  return { setupTasks: [{ name: 'Install Dependencies', command: `${manager} install` }], tasks };
}

function isHook(name: string, scripts: Record<string, unknown>): boolean {
  if (LIFECYCLE.has(name)) return true;
  const base = name.startsWith('pre') ? name.slice(3) : name.startsWith('post') ? name.slice(4) : undefined;
  return base !== undefined && base in scripts;
}
