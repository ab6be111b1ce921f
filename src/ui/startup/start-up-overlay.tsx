import { observer } from 'mobx-react-lite';
import { ContainerStore } from '../../application/container/container.store';
import { useService } from '../di/container-context';
import './startup.css';

/**
 * The start-up screen over the workbench until the workspace is ready (spec 002 §2 progress messages, §9 mapping:
 * the connection phase takes the first 60 %, 'MicroVM started, connecting...' shows 55). A failed step shows its
 * message as an error, with its output when there is some; it can be put away.
 */
export const StartUpOverlay = observer(function StartUpOverlay() {
  const container = useService(ContainerStore);
  if (!container.showsStartUp) return null;
  const startUp = container.startUp;
  const failed = startUp.kind === 'FAILED' ? startUp.status : undefined;
  const progress = Math.round(container.progress);
  return (
    <div className="bp-startup" data-testid="startup-overlay" data-state={startUp.kind}>
      <div className="bp-startup-card" role={failed ? 'alertdialog' : 'dialog'} aria-modal="true" aria-labelledby="bp-startup-title" aria-describedby="bp-startup-message">
        <h1 id="bp-startup-title" className="bp-startup-title">
          {container.startUpTitle}
        </h1>
        <div
          className={failed ? 'bp-startup-bar bp-startup-bar-failed' : 'bp-startup-bar'}
          role="progressbar"
          aria-label="Start-up progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-valuetext={`${progress}%`}
        >
          <span className="bp-startup-bar-next" style={{ width: `${Math.round(container.nextProgress)}%` }} />
          <span className="bp-startup-bar-done" style={{ width: `${progress}%` }} />
        </div>
        <p id="bp-startup-message" className={failed ? 'bp-startup-message bp-startup-error' : 'bp-startup-message'} data-testid="startup-message">
          <span>{container.progressMessage}</span>
          <span className="bp-startup-percent" data-testid="startup-percent">
            {progress}%
          </span>
        </p>
        {failed?.stdout && <pre className="bp-startup-output">{failed.stdout}</pre>}
        {failed && (
          <button type="button" className="bp-startup-dismiss" onClick={() => container.dismissStartUpFailure()} autoFocus>
            Continue to the editor
          </button>
        )}
      </div>
    </div>
  );
});
