/**
 * The status bar's 'Enable VSCode Extensions' indicator (spec 002 §2, §6): a user who may create shells, on a
 * workspace whose server does shell IO, and who has no remote (VS Code) server yet, is offered to install extensions
 * through the server; the indicator reloads the window. Bullpen runs no VS Code server, so the last condition always
 * holds today (ExtensionsOffer.hasRemoteServer is false); the extensions view says they are not available yet.
 */
export const ENABLE_EXTENSIONS_TEXTS = {
  label: 'Enable VSCode Extensions',
  tooltip: 'Write access lets you install extensions via the server. Reloads the window.',
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
