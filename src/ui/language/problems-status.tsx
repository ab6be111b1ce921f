import { observer } from 'mobx-react-lite';
import { ProblemsStore } from '../../application/language/problems.store';
import { LayoutStore } from '../../application/workbench/layout.store';
import { useService } from '../di/container-context';
import './problems.css';

/** The status bar's error and warning counts; a click shows the Problems panel. */
export const ProblemsStatus = observer(function ProblemsStatus() {
  const problems = useService(ProblemsStore);
  const layout = useService(LayoutStore);
  const { errors, warnings } = problems.counts;
  const label = `${errors} ${errors === 1 ? 'error' : 'errors'}, ${warnings} ${warnings === 1 ? 'warning' : 'warnings'}`;
  return (
    <button className="bp-status-item bp-problems-status" title={`Problems: ${label}`} aria-label={`Problems: ${label}`} data-testid="status-problems" onClick={() => layout.showPanel('problems')}>
      <span className="bp-severity-error" aria-hidden>⨂</span> <span data-testid="status-errors">{errors}</span>{' '}
      <span className="bp-severity-warning" aria-hidden>⚠</span> <span data-testid="status-warnings">{warnings}</span>
    </button>
  );
});
