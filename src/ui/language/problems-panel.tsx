import { observer } from 'mobx-react-lite';
import { ProblemsStore } from '../../application/language/problems.store';
import { Problem, ProblemFile, ProblemSeverity } from '../../domain/language/problems';
import { resultRows } from '../../domain/search/result-rows';
import { useService } from '../di/container-context';
import { ResultTree } from '../widgets/result-tree';
import './problems.css';

type ProblemGroup = ProblemFile & { readonly key: string; readonly items: readonly Problem[] };

export const SEVERITY_LABELS: Record<ProblemSeverity, string> = { error: 'Error', warning: 'Warning', info: 'Info', hint: 'Hint' };
const SEVERITY_GLYPHS: Record<ProblemSeverity, string> = { error: '⨂', warning: '⚠', info: 'ⓘ', hint: '…' };

export function SeverityIcon({ severity }: { severity: ProblemSeverity }) {
  return (
    <span className={`bp-severity bp-severity-${severity}`} role="img" aria-label={SEVERITY_LABELS[severity]}>
      {SEVERITY_GLYPHS[severity]}
    </span>
  );
}

/** The language servers' diagnostics grouped by file; Enter or a click opens the file at the problem. */
export const ProblemsPanel = observer(function ProblemsPanel() {
  const problems = useService(ProblemsStore);
  const groups: ProblemGroup[] = problems.files.map((f) => ({ ...f, key: f.uri, items: f.problems }));
  if (groups.length === 0) {
    return (
      <div className="bp-problems-empty bp-muted" data-testid="problems-panel" role="note">
        No problems have been detected in the workspace.
      </div>
    );
  }
  return (
    <div className="bp-problems" data-testid="problems-panel">
      <ResultTree<ProblemGroup, Problem>
        label="Problems"
        rows={resultRows<ProblemGroup, Problem>(groups, problems.collapsed)}
        renderGroup={(file) => {
          const slash = file.path.lastIndexOf('/');
          return (
            <>
              <span className="bp-result-group-name">{file.path.slice(slash + 1)}</span>
              <span className="bp-result-group-dir">{slash > 0 ? file.path.slice(0, slash) : ''}</span>
              <span className="bp-result-badge" aria-label={`${file.problems.length} problems`}>
                {file.problems.length}
              </span>
            </>
          );
        }}
        renderItem={(p) => (
          <>
            <SeverityIcon severity={p.severity} />
            <span className="bp-problem-message">{p.message}</span>
            {(p.source || p.code) && (
              <span className="bp-problem-source">
                {p.source}
                {p.code && `(${p.code})`}
              </span>
            )}
            <span className="bp-problem-position">
              [Ln {p.line}, Col {p.column}]
            </span>
          </>
        )}
        groupData={(file) => ({ 'data-path': file.path })}
        itemData={(p) => ({ 'data-path': p.path, 'data-line': String(p.line), 'data-severity': p.severity })}
        onToggle={(file) => problems.toggleCollapsed(file.uri)}
        onOpen={(p) => void problems.open(p)}
      />
    </div>
  );
});
