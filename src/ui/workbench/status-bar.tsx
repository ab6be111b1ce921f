import { observer } from 'mobx-react-lite';
import { EditorStatusStore } from '../../application/editor/editor-status.store';
import { GitStore } from '../../application/git/git.store';
import { LayoutStore } from '../../application/workbench/layout.store';
import { NotifyInfo } from '../../application/tokens';
import { AccessStore } from '../../application/workspace/access.store';
import { ENABLE_EXTENSIONS_TEXTS } from '../../domain/workbench/extensions-indicator';
import { useService } from '../di/container-context';
import { ProblemsStatus } from '../language/problems-status';
import { ConnectionIndicator } from './connection-indicator';

const LANGUAGE_NAMES: Record<string, string> = {
  typescript: 'TypeScript', javascript: 'JavaScript', json: 'JSON', css: 'CSS', scss: 'SCSS', less: 'Less', html: 'HTML',
  markdown: 'Markdown', plaintext: 'Plain Text', python: 'Python', rust: 'Rust', go: 'Go', yaml: 'YAML', shell: 'Shell Script',
};

/**
 * Branch, connection, problems and 'Enable VSCode Extensions' (for a user who may create shells: it explains why
 * extensions are not available in Bullpen, extensions-indicator.ts); cursor position,
 * indentation and language of the active editor (issue 7).
 */
export const StatusBar = observer(function StatusBar() {
  const git = useService(GitStore);
  const editor = useService(EditorStatusStore);
  const layout = useService(LayoutStore);
  const access = useService(AccessStore);
  const notifyInfo = useService<NotifyInfo>(NotifyInfo);
  const status = editor.status;
  return (
    <footer className="bp-status-bar" aria-label="Status bar" data-testid="status-bar">
      {git.branch && (
        <button className="bp-status-item" title="Source control" data-testid="status-branch" onClick={() => layout.showView('scm')}>
          ⎇ {git.branch}
        </button>
      )}
      <ConnectionIndicator />
      <ProblemsStatus />
      {access.offersExtensions && (
        <button
          className="bp-status-item"
          title={ENABLE_EXTENSIONS_TEXTS.tooltip}
          data-testid="status-enable-extensions"
          onClick={() => notifyInfo(ENABLE_EXTENSIONS_TEXTS.explanation)}
        >
          {ENABLE_EXTENSIONS_TEXTS.label}
        </button>
      )}
      <span className="bp-spacer" />
      {status && (
        <>
          <span className="bp-status-item" data-testid="status-cursor">
            Ln {status.line}, Col {status.column}
            {status.selected > 0 && ` (${status.selected} selected)`}
          </span>
          <span className="bp-status-item" data-testid="status-indentation">
            {status.insertSpaces ? 'Spaces' : 'Tab Size'}: {status.indentSize}
          </span>
          <span className="bp-status-item" data-testid="status-language">
            {LANGUAGE_NAMES[status.languageId] ?? status.languageId}
          </span>
        </>
      )}
    </footer>
  );
});
