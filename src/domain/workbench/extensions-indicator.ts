/**
 * The status bar's 'Enable VSCode Extensions' indicator (spec 002 §2, §6): a user who may create shells, on a
 * workspace whose server does shell IO, and who has no remote (VS Code) server yet, is offered to install extensions
 * through the server. Bullpen runs no VS Code server, so the last condition always holds (ExtensionsOffer.hasRemoteServer
 * is false) and there is nothing to enable: the spec's indicator stays, but says so. Its tooltip keeps the spec's
 * sentence and adds why extensions are not available; a click, instead of the spec's reload (which would change
 * nothing), shows the explanation (docs/client/workbench.md).
 */
export const ENABLE_EXTENSIONS_TEXTS = {
  label: 'Enable VSCode Extensions',
  tooltip:
    "Write access lets you install extensions via the server. Bullpen runs no VS Code server in the workspace, so extensions are not available; Bullpen's own language servers provide the language features.",
  explanation:
    "Extensions are not available in Bullpen: no VS Code server runs in this workspace. Bullpen's own language servers provide the language features (completion, diagnostics, go to definition).",
} as const;

export interface ExtensionsOffer {
  /** shell.create permission. */
  readonly canCreateShells: boolean;
  /** The join's capabilities.shell.io. */
  readonly shellIo: boolean;
  /** A VS Code server already runs for this user. */
  readonly hasRemoteServer: boolean;
}

export function offersEnableExtensions({ canCreateShells, shellIo, hasRemoteServer }: ExtensionsOffer): boolean {
  return canCreateShells && shellIo && !hasRemoteServer;
}
