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
    <button className="bp-status-item bp-problems-status" title={`Problems: ${label}`} data-testid="status-problems" onClick={() => layout.showPanel('problems')}>
      {/* Named by what it shows: "Problems: 0 errors, 1 warning" (the words only for screen readers). */}
      <span className="bp-visually-hidden">Problems: </span>
      <span className="bp-severity-error" aria-hidden="true">⨂</span> <span data-testid="status-errors">{errors}</span>
      <span className="bp-visually-hidden">{errors === 1 ? ' error,' : ' errors,'}</span>{' '}
      <span className="bp-severity-warning" aria-hidden="true">⚠</span> <span data-testid="status-warnings">{warnings}</span>
      <span className="bp-visually-hidden">{warnings === 1 ? ' warning' : ' warnings'}</span>
    </button>
  );
});
