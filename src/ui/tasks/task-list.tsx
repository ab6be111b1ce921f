import { observer } from 'mobx-react-lite';
import { PreviewStore } from '../../application/port/preview.store';
import { Task } from '../../application/ports/tasks.port';
import { openShellOutput } from '../../application/tasks/tasks-actions';
import { TasksStore } from '../../application/tasks/tasks.store';
import { TerminalsStore } from '../../application/terminal/terminals.store';
import { LayoutStore } from '../../application/workbench/layout.store';
import { AccessStore } from '../../application/workspace/access.store';
import { taskControls, taskStatusLabel } from '../../domain/task/task-controls';
import { useService } from '../di/container-context';

/** The tasks of .codesandbox/tasks.json (and commands run as tasks): status with exit code, run / stop / restart, output, ports. */
export const TaskList = observer(function TaskList() {
  const tasks = useService(TasksStore);
  const access = useService(AccessStore);
  if (tasks.all.length === 0) {
    return <p className="bp-muted">No tasks. Add them to .codesandbox/tasks.json{access.can.configureTasks ? ', or generate the file from package.json with the command palette' : ''}.</p>;
  }
  return (
    <ul className="bp-task-list" role="list" aria-label="Tasks">
      {tasks.all.map((task) => (
        <TaskRow key={task.id} task={task} canRun={access.can.runTasks} />
      ))}
    </ul>
  );
});

const TaskRow = observer(function TaskRow({ task, canRun }: { task: Task; canRun: boolean }) {
  const tasks = useService(TasksStore);
  const terminals = useService(TerminalsStore);
  const layout = useService(LayoutStore);
  const preview = useService(PreviewStore);
  const status = task.shell?.status;
  const controls = taskControls(status, task.shell !== null);
  return (
    <li className="bp-task" role="listitem" data-task-id={task.id} data-status={status ?? 'NOT_STARTED'}>
      <span className={`bp-task-dot bp-task-dot-${(status ?? 'idle').toLowerCase()}`} aria-hidden="true" />
      <div className="bp-task-main">
        <div className="bp-task-name">
          {task.name}
          {task.unconfigured && <span className="bp-task-tag">not in tasks.json</span>}
        </div>
        <code className="bp-task-command">{task.command}</code>
      </div>
      <span className="bp-task-status" data-testid="task-status">
        {taskStatusLabel(status, task.shell?.exitCode)}
      </span>
      {task.ports.map((port) => (
        <button key={port.port} className="bp-task-port" onClick={() => preview.open(port.port)} aria-label={`Open port ${port.port} of ${task.name} in the preview`}>
          :{port.port}
        </button>
      ))}
      <span className="bp-task-controls">
        {canRun && controls.run && (
          <button className="bp-button" onClick={() => void tasks.run(task.id)} aria-label={`Run ${task.name}`}>
            Run
          </button>
        )}
        {canRun && controls.restart && (
          <button className="bp-button" onClick={() => void tasks.restart(task.id)} aria-label={`Restart ${task.name}`}>
            Restart
          </button>
        )}
        {canRun && controls.stop && (
          <button className="bp-button" onClick={() => void tasks.stop(task.id)} aria-label={`Stop ${task.name}`}>
            Stop
          </button>
        )}
        {controls.output && (
          <button className="bp-button" onClick={() => void openShellOutput({ terminals, layout }, task.shell!.shellId)} aria-label={`Show the output of ${task.name}`}>
            Output
          </button>
        )}
      </span>
    </li>
  );
});
