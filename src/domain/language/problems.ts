import { LspDiagnostic } from './lsp-types';
import { workspacePathOfUri } from './workspace-uri';

/**
 * The Problems panel's view of the language servers' diagnostics: one group per file, most severe first, then by
 * position. Hints are editor decorations only (as in VS Code): they are neither listed nor counted.
 */
export type ProblemSeverity = 'error' | 'warning' | 'info' | 'hint';

/** LSP leaves a missing severity to the client; like VS Code, it counts as an error. */
export function severityOf(severity: number | undefined): ProblemSeverity {
  switch (severity) {
    case 2:
      return 'warning';
    case 3:
      return 'info';
    case 4:
      return 'hint';
    default:
      return 'error';
  }
}

export interface Problem {
  readonly uri: string;
  readonly path: string;
  readonly severity: ProblemSeverity;
  readonly message: string;
  readonly source?: string;
  readonly code?: string;
  /** 1-based, as shown ('12:5'). */
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

export interface ProblemFile {
  readonly uri: string;
  readonly path: string;
  readonly problems: readonly Problem[];
}

export interface ProblemCounts {
  readonly errors: number;
  readonly warnings: number;
  readonly infos: number;
}

export const NO_PROBLEMS: ProblemCounts = { errors: 0, warnings: 0, infos: 0 };

const RANK: Record<ProblemSeverity, number> = { error: 0, warning: 1, info: 2, hint: 3 };

export function toProblem(uri: string, path: string, d: LspDiagnostic): Problem {
  return {
    uri,
    path,
    severity: severityOf(d.severity),
    message: d.message,
    ...(d.source ? { source: d.source } : {}),
    ...(d.code !== undefined && d.code !== null ? { code: String(d.code) } : {}),
    line: d.range.start.line + 1,
    column: d.range.start.character + 1,
    endLine: d.range.end.line + 1,
    endColumn: d.range.end.character + 1,
  };
}

const byPosition = (a: Problem, b: Problem): number => RANK[a.severity] - RANK[b.severity] || a.line - b.line || a.column - b.column || a.message.localeCompare(b.message);

/** Groups diagnostics by file (workspace URIs only), files by path; files without listed problems are left out. */
export function groupProblems(diagnostics: ReadonlyMap<string, readonly LspDiagnostic[]>): ProblemFile[] {
  const files: ProblemFile[] = [];
  for (const [uri, list] of diagnostics) {
    const path = workspacePathOfUri(uri) ?? uri;
    const problems = list.map((d) => toProblem(uri, path, d)).filter((p) => p.severity !== 'hint').sort(byPosition);
    if (problems.length > 0) files.push({ uri, path, problems });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export function countProblems(files: readonly ProblemFile[]): ProblemCounts {
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  for (const file of files) {
    for (const p of file.problems) {
      if (p.severity === 'error') errors++;
      else if (p.severity === 'warning') warnings++;
      else if (p.severity === 'info') infos++;
    }
  }
  return { errors, warnings, infos };
}
