/** Where errors go that nobody awaits: a listener that threw, say. Each side's composition root installs one. */
export type UnexpectedErrorHandler = (error: unknown) => void;

/** Without a handler the error surfaces as an unhandled rejection (the console of a browser, the server's log). */
const surface: UnexpectedErrorHandler = (error) => void Promise.reject(error);

let handler: UnexpectedErrorHandler = surface;

/** Installs a handler (undefined: the default again); returns the one it replaces. */
export function setUnexpectedErrorHandler(next: UnexpectedErrorHandler | undefined): UnexpectedErrorHandler {
  const previous = handler;
  handler = next ?? surface;
  return previous;
}

/** Reports an error that must not stop the caller (the next listeners still run). */
export function onUnexpectedError(error: unknown): void {
  try {
    handler(error);
  } catch {
    // A handler that throws must not break the caller it protects.
  }
}
