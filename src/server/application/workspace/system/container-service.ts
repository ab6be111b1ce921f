import { DisposableStore } from '../../../../base/lifecycle';
import { DEV_CONTAINER_CONFIG_PATH, DEV_CONTAINER_DIR, lifecycleSteps } from '../../../../domain/container/devcontainer-config';
import { readDevContainerFile } from '../../../../domain/container/devcontainer-file';
import { devContainerScript, isDevContainerScript, unusableConfigScript } from '../../../../domain/container/devcontainer-script';
import { DevContainerSetup, DevContainerSetupParams, planDevContainerSetup } from '../../../../domain/container/devcontainer-setup';
import { TaskDefinition } from '../../../../domain/task/task-definition';
import { PitcherErrorCode, SystemInitStatus, TaskDTO, TaskFieldsParams, TaskListDTO } from '../../../../protocol';
import { ClientSession } from '../client-session';
import { HandlerResult, done, fail } from '../handler-result';
import { runToEnd } from '../run-process';
import { TaskOutcome } from '../task/task-service';
import { taskFailure } from '../task/task-error-codes';
import { WorkspaceContext } from '../workspace-context';
import { ContainerInstall } from './container-install';

/** The task container/setup creates and runs (docs/protocol/system.md "container"). */
export const DEV_CONTAINER_TASK_ID = 'devcontainer';
export const DEV_CONTAINER_TASK_NAME = 'Dev Container';

/** A devcontainer.json larger than this is not read. */
const FILE_LIMITS = { maxTextCharacters: 1_000_000, maxBinaryBytes: 1_000_000 };

/** What container/setup needs of the task family. */
export interface ContainerTasks {
  defineAndRun(id: string, definition: TaskDefinition, session: ClientSession): TaskOutcome<TaskDTO>;
  list(): Promise<TaskListDTO>;
  update(taskId: string, fields: TaskFieldsParams): TaskOutcome<TaskDTO>;
}

/** Whether a batch of changed paths may have changed devcontainer.json (the file, a directory above it, or everything). */
const touchesConfig = (paths: readonly string[]): boolean =>
  paths.some((p) => p === '' || p === DEV_CONTAINER_CONFIG_PATH || DEV_CONTAINER_CONFIG_PATH.startsWith(`${p}/`));

/**
 * container/setup: Bullpen has no container runtime (ADR 0010), so a dev container is its configuration run on the
 * workspace's own toolchain. The template is rendered into `.devcontainer/devcontainer.json`; the Dev Container task
 * looks for the tools it needs and runs its lifecycle commands; the clients follow it as system/initStatus and are
 * asked to open the setup tool (container/openSetupDevtool) for the tools that are missing.
 */
export class ContainerService {
  private install: ContainerInstall | undefined;
  private disposed = false;
  private readonly subscriptions = new DisposableStore();
  /** Setups and re-reads of devcontainer.json, one at a time, in order. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly ctx: WorkspaceContext,
    private readonly tasks: ContainerTasks,
  ) {
    this.subscriptions.add(ctx.onDidChangeFiles((paths) => void (touchesConfig(paths) && this.fileChanged())));
  }

  async setup(params: DevContainerSetupParams, session: ClientSession): Promise<HandlerResult<TaskDTO>> {
    const plan = planDevContainerSetup(params);
    if (!plan.ok) {
      // A wrong shape reads like the schema's refusals; a template, option or feature Bullpen does not know says so.
      const message = plan.error.kind === 'invalid-params' ? `Invalid params for container/setup: ${plan.error.message}` : plan.error.message;
      return fail(PitcherErrorCode.INVALID_PARAMS, message);
    }
    // One after the other, and with the re-reads of the file: a re-read caused by this setup's own write comes after
    // the task has the new command, so it changes nothing.
    return this.serial(() => this.apply(plan.value, session));
  }

  private async apply({ config, text, script, tools }: DevContainerSetup, session: ClientSession): Promise<HandlerResult<TaskDTO>> {
    this.install?.dispose();
    const install = new ContainerInstall(lifecycleSteps(config).length, {
      publish: (status) => this.publish(status),
      output: (shellId) => {
        const shell = this.ctx.shells.get(shellId);
        return shell && shell.scrollBack();
      },
      onDidExit: this.ctx.shells.onDidExit,
    });
    this.install = install;
    install.ensuring();
    const written = await this.write(text);
    if (!written.ok) {
      install.notStarted(written.error);
      return fail(PitcherErrorCode.CRITICAL_ERROR, written.error);
    }
    const missing = await this.missingTools(tools.map((t) => t.tool));
    const ran = await this.tasks.defineAndRun(DEV_CONTAINER_TASK_ID, { name: DEV_CONTAINER_TASK_NAME, command: script }, session);
    if (!ran.ok) {
      install.notStarted(ran.error.message);
      return taskFailure(ran.error);
    }
    const shellId = ran.value.shell?.shellId;
    if (shellId !== undefined && !install.isDisposed) install.follow(shellId, missing);
    if (missing.length > 0 && !this.disposed) this.ctx.broadcast('container/openSetupDevtool', { dependencies: missing });
    return done(ran.value);
  }

  /** A client joined while a dev container installs: it is told where the installation stands. */
  welcome(session: ClientSession): void {
    const current = this.install?.current;
    if (current) session.notify('system/initStatus', current);
  }

  dispose(): void {
    this.disposed = true;
    this.subscriptions.dispose();
    this.install?.dispose();
  }

  /**
   * devcontainer.json changed on disk (edited by hand, by git, …): the Dev Container task, when it exists and still
   * runs a script of container/setup, takes the file's new configuration for its next run; a file that cannot be
   * used makes it say why and fail. A file that is gone leaves the task as it is.
   */
  private fileChanged(): Promise<void> {
    return this.serial(async () => {
      if (this.disposed) return;
      const task = (await this.tasks.list()).tasks[DEV_CONTAINER_TASK_ID];
      if (!task || !isDevContainerScript(task.command)) return;
      const read = await this.ctx.files.read(DEV_CONTAINER_CONFIG_PATH, FILE_LIMITS);
      if (!read.ok) return;
      const config = read.value.kind === 'text' ? readDevContainerFile(read.value.text) : undefined;
      const script = config?.ok
        ? devContainerScript(config.value)
        : unusableConfigScript(config ? config.error : `${DEV_CONTAINER_CONFIG_PATH} is not a text file that Bullpen can read`);
      if (script !== task.command && !this.disposed) await this.tasks.update(DEV_CONTAINER_TASK_ID, { command: script });
    }).catch((error: Error) => this.ctx.log(`could not follow ${DEV_CONTAINER_CONFIG_PATH}: ${error.message}`));
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private publish(status: SystemInitStatus): void {
    if (!this.disposed) this.ctx.broadcast('system/initStatus', status);
  }

  /** Writes the file (creating .devcontainer/, replacing a file there); the tree and the clients hear of it at once. */
  private async write(text: string): Promise<{ ok: true } | { ok: false; error: string }> {
    const failed = (message: string) => ({ ok: false as const, error: `Failed to write to ${DEV_CONTAINER_CONFIG_PATH}: ${message}` });
    const made = await this.ctx.files.mkdir(DEV_CONTAINER_DIR, { recursive: true });
    if (!made.ok) return failed(made.error.message);
    const written = await this.ctx.files.writeText(DEV_CONTAINER_CONFIG_PATH, text);
    if (!written.ok) return failed(written.error.message);
    void this.ctx.diskChanged([DEV_CONTAINER_DIR, DEV_CONTAINER_CONFIG_PATH]);
    return { ok: true };
  }

  /**
   * The tools not found on the PATH of the workspace's processes (asked in its sandbox, where the task runs). When
   * the question cannot be asked (no sandbox may start), none are reported: the task says why it cannot run.
   */
  private async missingTools(tools: readonly string[]): Promise<string[]> {
    if (tools.length === 0) return [];
    const probe = 'for tool in "$@"; do command -v "$tool" >/dev/null 2>&1 || printf "%s\\n" "$tool"; done';
    try {
      const child = this.ctx.runtime.spawn(this.ctx.box, 'sh', ['-c', probe, 'sh', ...tools], { cwd: this.ctx.box.rootDir });
      const outcome = await runToEnd(child);
      if (outcome.exitCode !== 0) return [];
      const missing = outcome.stdout.split('\n').filter((line) => line !== '');
      return tools.filter((tool) => missing.includes(tool));
    } catch (error) {
      this.ctx.log(`could not look for the dev container's tools: ${(error as Error).message}`);
      return [];
    }
  }
}
