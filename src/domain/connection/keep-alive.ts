/**
 * Keep-alive constants (spec 002 §9, spec 001 §9, protocol.md §1.5). The client sends an empty text frame after a
 * silence and expects any frame back within the pong time-out; none means the link is dead.
 */
/** Pong detection before the join (spec 001 §9: "Websocket pong detection 20,000 ms"). */
export const PONG_TIMEOUT_BEFORE_JOIN_MS = 20_000;
/** Pong detection once joined (spec 002 §9: "Pong detection time-out 15 s"). */
export const PONG_TIMEOUT_MS = 15_000;
/** Ping interval = the pre-join pong detection plus this offset (spec 001 §9: "ping interval that plus 2,000 ms"). */
export const PING_OFFSET_MS = 2_000;
export const PING_INTERVAL_MS = PONG_TIMEOUT_BEFORE_JOIN_MS + PING_OFFSET_MS;
/** A ping is sent when the window regains focus; the pong must come within 5 s (spec 002 §9). */
export const FOCUS_PING_TIMEOUT_MS = 5_000;
/** The close reason used when no pong came (spec 001 §4 tracks a reason mentioning pong as a late pong). */
export const PONG_NOT_DETECTED_REASON = 'Pong response not detected';

/** The pong time-out that applies now. */
export const pongTimeout = (joined: boolean): number => (joined ? PONG_TIMEOUT_MS : PONG_TIMEOUT_BEFORE_JOIN_MS);

/** A ping is due when nothing was sent or received for a whole ping interval and no ping is awaiting its pong. */
export const isPingDue = (nowMs: number, lastFrameAtMs: number, awaitingPong: boolean): boolean =>
  !awaitingPong && nowMs - lastFrameAtMs >= PING_INTERVAL_MS;

/** Spec 001 §4: "A disconnect reason mentioning pong is tracked as a late pong." */
export const isLatePong = (reason: string): boolean => /pong/i.test(reason);
