/** Time-outs of the language bridge (spec 002 §9: LSP request time-out 10 min). */
export interface LanguageTiming {
  /** A request not answered in this time fails with 'Failed to send request: timed out' and is cancelled. */
  requestTimeoutMs: number;
  /** The initialize handshake of a new server process. */
  startTimeoutMs: number;
  /** A server with no open documents and no requests for this long is shut down. */
  idleStopMs: number;
  /** After shutdown/exit, a server still running this much later is killed. */
  killAfterMs: number;
}

export const LANGUAGE_TIMING: LanguageTiming = {
  requestTimeoutMs: 10 * 60 * 1000,
  startTimeoutMs: 60 * 1000,
  idleStopMs: 5 * 60 * 1000,
  killAfterMs: 2000,
};

export interface LanguageLimits {
  /** Largest message a server may send (bytes); a larger one breaks the stream and the server is restarted. */
  maxMessageBytes: number;
  /** Client requests on their way through one server. */
  maxRequestsInFlight: number;
  /** Server requests waiting for a client's answer. */
  maxServerRequests: number;
}

export const LANGUAGE_LIMITS: LanguageLimits = {
  maxMessageBytes: 16 * 1024 * 1024,
  maxRequestsInFlight: 256,
  maxServerRequests: 64,
};
