import { LspPosition, LspRange } from './text-document-changes';

/** The LSP 3.17 shapes the workbench reads (only the fields it uses; servers may send more). */
export type { LspPosition, LspRange };

export interface LspLocation {
  uri: string;
  range: LspRange;
}

export interface LspLocationLink {
  originSelectionRange?: LspRange;
  targetUri: string;
  targetRange: LspRange;
  targetSelectionRange: LspRange;
}

/** 1 Error, 2 Warning, 3 Information, 4 Hint. */
export type LspDiagnosticSeverity = 1 | 2 | 3 | 4;

export interface LspDiagnostic {
  range: LspRange;
  severity?: LspDiagnosticSeverity;
  code?: number | string;
  source?: string;
  message: string;
  /** 1 Unnecessary, 2 Deprecated. */
  tags?: number[];
}

export interface LspPublishDiagnosticsParams {
  uri: string;
  version?: number;
  diagnostics: LspDiagnostic[];
}

export interface LspTextEdit {
  range: LspRange;
  newText: string;
}

export interface LspTextDocumentEdit {
  textDocument: { uri: string; version?: number | null };
  edits: LspTextEdit[];
}

/** Resource operations (create, rename, delete) carry a `kind`; text document edits do not. */
export type LspDocumentChange = LspTextDocumentEdit | { kind: 'create' | 'rename' | 'delete'; [key: string]: unknown };

export interface LspWorkspaceEdit {
  changes?: Record<string, LspTextEdit[]>;
  documentChanges?: LspDocumentChange[];
}

export interface LspMarkupContent {
  kind: 'plaintext' | 'markdown';
  value: string;
}

export type LspMarkedString = string | { language: string; value: string };

export interface LspHover {
  contents: LspMarkupContent | LspMarkedString | LspMarkedString[];
  range?: LspRange;
}
