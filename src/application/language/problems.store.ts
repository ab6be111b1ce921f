import { inject, injectable } from 'inversify';
import { action, computed, makeObservable, observable } from 'mobx';
import { DisposableBase } from '../../base/lifecycle';
import { LspDiagnostic, LspPublishDiagnosticsParams } from '../../domain/language/lsp-types';
import { Problem, ProblemCounts, ProblemFile, countProblems, groupProblems } from '../../domain/language/problems';
import { EditorNavigationStore } from '../editor/editor-navigation.store';
import { LanguagePort, LspNotification } from '../ports/language.port';

const NONE: readonly LspDiagnostic[] = [];

/**
 * The language servers' diagnostics (textDocument/publishDiagnostics) per document, kept per server so that two
 * servers reporting on one file do not replace each other's. The Problems panel, the status bar and the editor's
 * markers read them.
 */
@injectable()
export class ProblemsStore extends DisposableBase {
  /** uri → serverId → diagnostics, replaced whole on every change. */
  private byUri: ReadonlyMap<string, ReadonlyMap<string, readonly LspDiagnostic[]>> = new Map();
  collapsed: ReadonlySet<string> = new Set();

  constructor(
    @inject(LanguagePort) port: LanguagePort,
    @inject(EditorNavigationStore) private readonly navigation: EditorNavigationStore,
  ) {
    super();
    makeObservable<ProblemsStore, 'byUri'>(this, {
      byUri: observable.ref,
      collapsed: observable.ref,
      diagnostics: computed,
      files: computed,
      counts: computed,
      publish: action,
      toggleCollapsed: action,
    });
    this.register(port.onDidReceiveLspNotification((n) => this.received(n)));
  }

  /** Every document's diagnostics, all servers together. */
  get diagnostics(): ReadonlyMap<string, readonly LspDiagnostic[]> {
    const all = new Map<string, readonly LspDiagnostic[]>();
    for (const [uri, servers] of this.byUri) all.set(uri, servers.size === 1 ? [...servers.values()][0] : [...servers.values()].flat());
    return all;
  }

  diagnosticsOf(uri: string): readonly LspDiagnostic[] {
    return this.diagnostics.get(uri) ?? NONE;
  }

  get files(): ProblemFile[] {
    return groupProblems(this.diagnostics);
  }

  get counts(): ProblemCounts {
    return countProblems(this.files);
  }

  publish(serverId: string, uri: string, diagnostics: readonly LspDiagnostic[]): void {
    const next = new Map(this.byUri);
    const servers = new Map(next.get(uri));
    if (diagnostics.length > 0) servers.set(serverId, diagnostics);
    else servers.delete(serverId);
    if (servers.size > 0) next.set(uri, servers);
    else next.delete(uri);
    this.byUri = next;
  }

  toggleCollapsed(uri: string): void {
    const next = new Set(this.collapsed);
    if (!next.delete(uri)) next.add(uri);
    this.collapsed = next;
  }

  /** Opens the problem's file with its range selected. */
  open(problem: Problem): Promise<boolean> {
    return this.navigation.openPathAt(problem.path, { startLineNumber: problem.line, startColumn: problem.column, endLineNumber: problem.endLine, endColumn: problem.endColumn });
  }

  private received(n: LspNotification): void {
    if (n.method !== 'textDocument/publishDiagnostics' || !isPublishParams(n.params)) return;
    this.publish(n.serverId, n.params.uri, n.params.diagnostics);
  }
}

function isPublishParams(params: unknown): params is LspPublishDiagnosticsParams {
  if (typeof params !== 'object' || params === null) return false;
  const p = params as { uri?: unknown; diagnostics?: unknown };
  return typeof p.uri === 'string' && Array.isArray(p.diagnostics) && p.diagnostics.every(isDiagnostic);
}

function isDiagnostic(value: unknown): value is LspDiagnostic {
  if (typeof value !== 'object' || value === null) return false;
  const d = value as { message?: unknown; range?: { start?: { line?: unknown; character?: unknown }; end?: { line?: unknown; character?: unknown } } };
  const position = (p?: { line?: unknown; character?: unknown }) => typeof p?.line === 'number' && typeof p.character === 'number';
  return typeof d.message === 'string' && position(d.range?.start) && position(d.range?.end);
}
