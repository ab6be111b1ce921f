import { SetupStore } from '../setup/setup.store';
import { TerminalsStore } from '../terminal/terminals.store';
import { ActionDeclaration } from '../workbench/action-registry';
import { LayoutStore } from '../workbench/layout.store';
import { QuickInputStore } from '../workbench/quick-input.store';
import { AccessStore } from '../workspace/access.store';
import { Task } from '../ports/tasks.port';
import { TasksStore } from './tasks.store';

export interface TasksActionDeps {
  readonly tasks: TasksStore;
  readonly setup: SetupStore;
  readonly terminals: TerminalsStore;
  readonly layout: LayoutStore;
  /** What this client may do now: running tasks and setup steps needs their permissions. */
  readonly access: AccessStore;
  /** Where 'Run Task', 'Restart Running Task' and 'Terminate Task' ask which task. */
  readonly quickInput: Pick<QuickInputStore, 'openPick'>;
}

/** A task's or a setup step's command shell, shown in a terminal tab. */
export function openShellOutput({ terminals, layout }: Pick<TasksActionDeps, 'terminals' | 'layout'>, shellId: string): Promise<void> {
  layout.showPanel('terminal');
  return terminals.openShell(shellId);
}

/** The tasks and setup actions (the palette; the views call the same store use cases per row). */
export function tasksActions(deps: TasksActionDeps): ActionDeclaration[] {
  const { tasks, setup, access, quickInput } = deps;
  const canRun = () => access.can.runTasks;
  const canRunSetup = () => access.can.runSetup;
  const setupRunning = () => setup.state === 'IN_PROGRESS' || setup.state === 'STOPPED';
  const notRunning = () => tasks.all.filter((t) => tasks.statusOf(t.id) !== 'RUNNING');
  /** Asks which of `among` (by name, the command beside it), then does `act` with it. */
  const pickTask = (placeholder: string, among: readonly Task[], act: (taskId: string) => Promise<void>) =>
    quickInput.openPick({ placeholder, items: among.map((t) => ({ id: t.id, label: t.name, detail: t.command })), onAccept: (id) => void act(id) });
  return [
    {
      id: 'workbench.action.tasks.runTask',
      category: 'Tasks',
      label: 'Run Task',
      when: () => canRun() && notRunning().length > 0,
      run: () => pickTask('Select the task to run', notRunning(), (id) => tasks.run(id)),
    },
    {
      id: 'workbench.action.tasks.restartTask',
      category: 'Tasks',
      label: 'Restart Running Task',
      when: () => canRun() && tasks.running.length > 0,
      run: () => pickTask('Select the task to restart', tasks.running, (id) => tasks.restart(id)),
    },
    {
      id: 'workbench.action.tasks.terminate',
      category: 'Tasks',
      label: 'Terminate Task',
      when: () => canRun() && tasks.running.length > 0,
      run: () => pickTask('Select the task to terminate', tasks.running, (id) => tasks.stop(id)),
    },
    {
      id: 'workbench.action.tasks.runAtStart',
      category: 'Tasks',
      label: 'Run Start-up Tasks',
      when: () => canRun() && tasks.all.some((t) => t.runAtStart && t.shell?.status !== 'RUNNING'),
      run: () => Promise.all(tasks.all.filter((t) => t.runAtStart && t.shell?.status !== 'RUNNING').map((t) => tasks.run(t.id))),
    },
    {
      id: 'workbench.action.tasks.stopAll',
      category: 'Tasks',
      label: 'Stop All Running Tasks',
      when: () => canRun() && tasks.running.length > 0,
      run: () => Promise.all(tasks.running.map((t) => tasks.stop(t.id))),
    },
    {
      id: 'workbench.action.tasks.openRunningOutput',
      category: 'Tasks',
      label: 'Output of the Running Task',
      when: () => tasks.running.some((t) => t.shell),
      run: () => openShellOutput(deps, tasks.running.find((t) => t.shell)!.shell!.shellId),
    },
    {
      id: 'workbench.action.tasks.generateConfig',
      category: 'Tasks',
      label: 'Generate tasks.json from package.json',
      when: () => access.can.configureTasks && tasks.all.length === 0,
      run: () => tasks.generateConfig(),
    },
    { id: 'workbench.action.setup.run', category: 'Setup', label: 'Run Setup', when: () => canRunSetup() && (setup.state === 'IDLE' || setup.state === 'STOPPED'), run: () => setup.init() },
    {
      id: 'workbench.action.setup.skipStep',
      category: 'Setup',
      label: 'Skip Current Step',
      when: () => canRunSetup() && setupRunning(),
      run: () => setup.skip(setup.progress!.currentStepIndex),
    },
    { id: 'workbench.action.setup.skipAll', category: 'Setup', label: 'Skip All Steps', when: () => canRunSetup() && setupRunning(), run: () => setup.skipAll() },
  ];
}
