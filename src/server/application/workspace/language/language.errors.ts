/** The language family's user-facing texts (spec 002 §8: 'Failed to send request: {reason}'). */
export const LanguageErrors = {
  failedToSend: (reason: string) => `Failed to send request: ${reason}`,
  unknownLanguage: (languageId: string) => `Unknown language: ${languageId}`,
  noSuchServer: (languageId: string, serverId: string) => `Language ${languageId} has no language server ${serverId}`,
  notInstalled: (serverId: string) => `Language server ${serverId} is not installed`,
  invalidParams: (method: string, reason: string) => `Invalid params for ${method}: ${reason}`,
  noAccess: (method: string) => `You do not have permission to use ${method}`,
  noPendingServerRequest: (id: number) => `No language server request ${id} is waiting for an answer`,
  askedAnotherClient: (id: number) => `Language server request ${id} was sent to another client`,
} as const;

/** Reasons in 'Failed to send request: {reason}'. */
export const FailureReasons = {
  timedOut: 'timed out',
  tooManyInFlight: 'too many requests in flight',
  couldNotStart: (why: string) => `the language server could not start: ${why}`,
  stopped: 'the language server was stopped',
  clientLeft: 'the client disconnected',
} as const;
