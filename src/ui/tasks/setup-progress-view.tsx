import { observer } from 'mobx-react-lite';
import { SetupStore } from '../../application/setup/setup.store';
import { openShellOutput } from '../../application/tasks/tasks-actions';
import { TerminalsStore } from '../../application/terminal/terminals.store';
import { LayoutStore } from '../../application/workbench/layout.store';
import { AccessStore } from '../../application/workspace/access.store';
import { canSkipStep, setupStepView, setupSummary } from '../../domain/task/setup-step-view';
import { useService } from '../di/container-context';

/** The setup steps (setupTasks of tasks.json) with the current step, each step's status, skip and skip all. */
export const SetupProgressView = observer(function SetupProgressView() {
  const setup = useService(SetupStore);
  const access = useService(AccessStore);
  const terminals = useService(TerminalsStore);
  const layout = useService(LayoutStore);
  const progress = setup.progress;
  if (!progress || progress.steps.length === 0) return null;
  const canRun = access.can.runSetup;
  const running = progress.state === 'IN_PROGRESS' || progress.state === 'STOPPED';
  return (
    <section className="bp-setup" aria-label="Setup" data-testid="setup-progress" data-state={progress.state}>
      <div className="bp-setup-head">
        <span className="bp-setup-summary" role="status">
          {setupSummary(progress)}
        </span>
        <span className="bp-spacer" />
        {canRun && (progress.state === 'IDLE' || progress.state === 'STOPPED') && (
          <button className="bp-button" onClick={() => void setup.init()}>
            {progress.state === 'STOPPED' ? 'Retry' : 'Run setup'}
          </button>
        )}
        {canRun && running && (
          <button className="bp-button" onClick={() => void setup.skipAll()}>
            Skip all
          </button>
        )}
      </div>
      <ol className="bp-setup-steps" aria-label="Setup steps">
        {progress.steps.map((step, index) => {
          const view = setupStepView(progress, index);
          const current = index === progress.currentStepIndex && progress.state !== 'FINISHED';
          return (
            <li key={index} className={`bp-setup-step${current ? ' bp-setup-step-current' : ''}`} data-status={view} aria-current={current ? 'step' : undefined}>
              <span className="bp-setup-step-name">{step.name}</span>
              <code className="bp-task-command">{step.command}</code>
              <span className="bp-task-status">{view}</span>
              {canRun && canSkipStep(progress, index) && (
                <button className="bp-button" onClick={() => void setup.skip(index)} aria-label={`Skip setup step ${step.name}`}>
                  Skip
                </button>
              )}
              {step.shellId && (
                <button className="bp-button" onClick={() => void openShellOutput({ terminals, layout }, step.shellId!)} aria-label={`Show the output of setup step ${step.name}`}>
                  Output
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
});
