/**
 * The language servers this installation has (spec 002 §9: typescript, css, html and json): how to start each, by
 * server id. They are npm dependencies of Bullpen, started with the node running Bullpen.
 */
export const LanguageServers = Symbol('LanguageServers');
export interface LanguageServers {
  /** How to start a server, or undefined when it is not installed. */
  launch(serverId: string): LanguageServerLaunch | undefined;
}

export interface LanguageServerLaunch {
  /** Absolute path of the program (the node binary). */
  file: string;
  /** Absolute path of the server's entry script, then its options ('--stdio'). */
  args: readonly string[];
  /** The `initializationOptions` of the LSP initialize request. */
  initializationOptions?: unknown;
}
