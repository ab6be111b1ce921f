import 'reflect-metadata';
import { Container } from 'inversify';
import { Emitter } from '../../../../src/base/event';
import { PortsStore } from '../../../../src/application/port/ports.store';
import { PreviewStore } from '../../../../src/application/port/preview.store';
import { OpenPort, PortsPort } from '../../../../src/application/ports/ports.port';
import { PreferencesPort } from '../../../../src/application/ports/preferences.port';
import { PreviewTokenPort } from '../../../../src/application/ports/preview-token.port';
import { SetupPort, SetupProgress } from '../../../../src/application/ports/setup.port';
import { ShellsPort } from '../../../../src/application/ports/shells.port';
import { Task, TaskDefinition, TaskList, TasksPort } from '../../../../src/application/ports/tasks.port';
import { WorkspaceConnectionPort } from '../../../../src/application/ports/workspace-connection.port';
import { SetupStore } from '../../../../src/application/setup/setup.store';
import { TasksStore } from '../../../../src/application/tasks/tasks.store';
import { TerminalsStore } from '../../../../src/application/terminal/terminals.store';
import { NotifyError } from '../../../../src/application/tokens';
import { ActionRegistry } from '../../../../src/application/workbench/action-registry';
import { LayoutStore } from '../../../../src/application/workbench/layout.store';
import { AccessStore } from '../../../../src/application/workspace/access.store';
import { ConnectionStore } from '../../../../src/application/workspace/connection.store';
import { FakeConnection } from '../../application/support/fake-connection';
import { FakeShells } from '../../application/support/fake-shells';

/** A workspace's tasks as a server would keep them: run starts a shell, stop kills it, run again restarts it. */
export class FakeTasks implements TasksPort {
  readonly listEvents = new Emitter<TaskList>();
  readonly taskEvents = new Emitter<Task>();
  readonly onDidChangeList = this.listEvents.event;
  readonly onDidUpdateTask = this.taskEvents.event;
  readonly onDidOpenUnassignedPort = new Emitter<OpenPort>().event;
  readonly onDidCloseUnassignedPort = new Emitter<OpenPort>().event;
  readonly onDidFailConfigParse = new Emitter<string>().event;
  readonly calls: string[] = [];
  tasks: Record<string, Task> = {
    web: { id: 'web', name: 'Web server', command: 'node server.js', preview: { port: 3000 }, shell: null, ports: [] },
    build: { id: 'build', name: 'Build', command: 'npm run build', shell: { shellId: 'sh-build', status: 'ERROR', exitCode: 2 }, ports: [] },
  };
  private shells = 0;
  async list(): Promise<TaskList> {
    return { tasks: this.tasks, setupTasks: [], validationErrors: [] };
  }
  async run(taskId: string): Promise<Task> {
    this.calls.push(`run ${taskId}`);
    const task = this.tasks[taskId];
    const shellId = task.shell && task.shell.status !== 'KILLED' ? task.shell.shellId : `sh-${++this.shells}`;
    return this.set({ ...task, shell: { shellId, status: 'RUNNING' } });
  }
  async stop(taskId: string): Promise<Task | null> {
    this.calls.push(`stop ${taskId}`);
    const task = this.tasks[taskId];
    return task.shell ? this.set({ ...task, shell: { ...task.shell, status: 'KILLED' } }) : null;
  }
  async runCommand(): Promise<Task> {
    throw new Error('not used');
  }
  async create(_d: TaskDefinition): Promise<TaskList> {
    return this.list();
  }
  async update(taskId: string): Promise<Task> {
    return this.tasks[taskId];
  }
  async saveToConfig(taskId: string): Promise<Task> {
    return this.tasks[taskId];
  }
  async generateConfig(): Promise<void> {}
  async createSetupTasks(): Promise<void> {}
  private set(task: Task): Task {
    this.tasks = { ...this.tasks, [task.id]: task };
    return task;
  }
}

/** Setup steps as the server runs them: skip marks a step SKIPPED and goes on, skip all finishes. */
export class FakeSetup implements SetupPort {
  readonly events = new Emitter<SetupProgress>();
  readonly onDidProgress = this.events.event;
  readonly calls: string[] = [];
  progress: SetupProgress = {
    state: 'IN_PROGRESS',
    currentStepIndex: 1,
    steps: [
      { name: 'Install', command: 'npm ci', shellId: 'step-0', finishStatus: 'SUCCEEDED' },
      { name: 'Build', command: 'npm run build', shellId: 'step-1', finishStatus: null },
      { name: 'Seed', command: 'npm run seed', shellId: null, finishStatus: null },
    ],
  };
  async get(): Promise<SetupProgress> {
    return this.progress;
  }
  async skip(index: number): Promise<SetupProgress> {
    this.calls.push(`skip ${index}`);
    const steps = this.progress.steps.map((s, i) => (i === index ? { ...s, finishStatus: 'SKIPPED' as const } : s));
    return (this.progress = { ...this.progress, steps, currentStepIndex: index + 1 });
  }
  async skipAll(): Promise<SetupProgress> {
    this.calls.push('skipAll');
    const steps = this.progress.steps.map((s) => (s.finishStatus === 'SUCCEEDED' ? s : { ...s, finishStatus: 'SKIPPED' as const }));
    return (this.progress = { state: 'FINISHED', steps, currentStepIndex: steps.length - 1 });
  }
  setStep = this.get;
  enable = this.get;
  disable = this.get;
  init = this.get;
}

export class FakePorts implements PortsPort {
  readonly changes = new Emitter<OpenPort[]>();
  readonly onDidChange = this.changes.event;
  open: OpenPort[] = [];
  async list(): Promise<OpenPort[]> {
    return this.open;
  }
}

export class FakePreviewTokens implements PreviewTokenPort {
  fetched = 0;
  async fetchToken(): Promise<string> {
    this.fetched += 1;
    return `tok${this.fetched}`;
  }
}

/** The stores of the terminal, tasks, setup, ports and preview views, fed by fakes; a writer joined (may edit). */
export async function runContainer({ canEdit = true } = {}) {
  const c = new Container();
  const stored = new Map<string, unknown>();
  const errors: string[] = [];
  const connection = new FakeConnection();
  const fakes = { shells: new FakeShells(), tasks: new FakeTasks(), setup: new FakeSetup(), ports: new FakePorts(), tokens: new FakePreviewTokens() };
  c.bind<PreferencesPort>(PreferencesPort).toConstantValue({ read: (k) => stored.get(k), write: (k, v) => void stored.set(k, v) });
  c.bind<WorkspaceConnectionPort>(WorkspaceConnectionPort).toConstantValue(connection);
  c.bind<NotifyError>(NotifyError).toConstantValue((m) => errors.push(m));
  c.bind<ShellsPort>(ShellsPort).toConstantValue(fakes.shells);
  c.bind<TasksPort>(TasksPort).toConstantValue(fakes.tasks);
  c.bind<SetupPort>(SetupPort).toConstantValue(fakes.setup);
  c.bind<PortsPort>(PortsPort).toConstantValue(fakes.ports);
  c.bind<PreviewTokenPort>(PreviewTokenPort).toConstantValue(fakes.tokens);
  for (const store of [AccessStore, ConnectionStore, TerminalsStore, TasksStore, SetupStore, PortsStore, PreviewStore, LayoutStore, ActionRegistry]) c.bind(store).toSelf().inSingletonScope();
  c.get(ConnectionStore);
  c.get(AccessStore);
  connection.join('me', undefined, false, canEdit ? 'write' : 'read');
  await Promise.all([c.get(TasksStore).resync(), c.get(SetupStore).resync(), c.get(PortsStore).resync()]);
  return { c, fakes, errors, connection };
}
