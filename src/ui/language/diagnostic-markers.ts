import { reaction } from 'mobx';
import * as monaco from 'monaco-editor';
import { ProblemsStore } from '../../application/language/problems.store';
import { Disposable, DisposableStore } from '../../base/lifecycle';
import { toEditorRange } from '../../domain/language/lsp-positions';
import { LspDiagnostic } from '../../domain/language/lsp-types';
import { severityOf } from '../../domain/language/problems';

/** The owner of the markers set from the language servers' diagnostics. */
export const LSP_MARKER_OWNER = 'lsp';

const SEVERITY = {
  error: monaco.MarkerSeverity.Error,
  warning: monaco.MarkerSeverity.Warning,
  info: monaco.MarkerSeverity.Info,
  hint: monaco.MarkerSeverity.Hint,
} as const;

export function toMarker(d: LspDiagnostic): monaco.editor.IMarkerData {
  const tags = (d.tags ?? []).filter((t) => t === 1 || t === 2) as monaco.MarkerTag[];
  return {
    ...toEditorRange(d.range),
    severity: SEVERITY[severityOf(d.severity)],
    message: d.message,
    ...(d.source ? { source: d.source } : {}),
    ...(d.code !== undefined && d.code !== null ? { code: String(d.code) } : {}),
    ...(tags.length ? { tags } : {}),
  };
}

/** Shows each model's diagnostics as editor markers (squiggles, hover, overview ruler), on models whose URI matches. */
export function showDiagnosticMarkers(problems: ProblemsStore): Disposable {
  const store = new DisposableStore();
  const shown = new WeakMap<monaco.editor.ITextModel, readonly LspDiagnostic[]>();
  const update = (model: monaco.editor.ITextModel) => {
    if (model.isDisposed()) return;
    const diagnostics = problems.diagnosticsOf(model.uri.toString());
    if (shown.get(model) === diagnostics) return;
    shown.set(model, diagnostics);
    monaco.editor.setModelMarkers(model, LSP_MARKER_OWNER, diagnostics.map(toMarker));
  };
  store.add(monaco.editor.onDidCreateModel(update));
  const stop = reaction(
    () => problems.diagnostics,
    () => monaco.editor.getModels().forEach(update),
    { fireImmediately: true },
  );
  store.add({ dispose: stop });
  return store;
}
