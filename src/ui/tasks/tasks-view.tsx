import { observer } from 'mobx-react-lite';
import { TasksStore } from '../../application/tasks/tasks.store';
import { useService } from '../di/container-context';
import { SetupProgressView } from './setup-progress-view';
import { TaskList } from './task-list';
import './tasks-view.css';

/** The tasks.json problems, if any: the parse error first, then the entries that were dropped. */
const TaskConfigProblems = observer(function TaskConfigProblems() {
  const tasks = useService(TasksStore);
  const problems = [...(tasks.configParseError ? [tasks.configParseError] : []), ...tasks.validationErrors.filter((e) => e !== tasks.configParseError)];
  if (problems.length === 0) return null;
  return (
    <ul className="bp-task-problems" role="alert" aria-label="tasks.json problems">
      {problems.map((problem) => (
        <li key={problem}>{problem}</li>
      ))}
    </ul>
  );
});

/** The tasks panel below the editor: setup progress, then the tasks. */
export function TasksPanel() {
  return (
    <section className="bp-tasks" aria-label="Tasks" data-testid="tasks-panel">
      <TaskConfigProblems />
      <SetupProgressView />
      <TaskList />
    </section>
  );
}

/** The Bullpen side view: the same tasks and setup, in the side bar. */
export function BullpenView() {
  return (
    <section className="bp-tasks bp-tasks-side" aria-label="Bullpen: tasks and setup" data-testid="bullpen-view">
      <div className="bp-panel-title">Bullpen: tasks and setup</div>
      <TaskConfigProblems />
      <SetupProgressView />
      <TaskList />
    </section>
  );
}
