import { MAX_FRAME_BYTES } from '../../../protocol';

/**
 * Bytes of frames one connection may have in handling at once (requests whose asynchronous handler has not finished:
 * a 16 MiB fs/writeFile being written, say): two of the largest frames.
 */
export const MAX_IN_FLIGHT_BYTES = 2 * MAX_FRAME_BYTES;

export interface ReadControl {
  pauseReading(): void;
  resumeReading(): void;
}

/**
 * Back-pressure on what a client sends (ADR 0009): the frames of a connection still being handled count against a
 * budget, and above it the socket is not read any more (so neither the socket nor the server buffers more of the
 * client's frames) until their handling brought the count down to half of it.
 */
export class IncomingBudget {
  private inFlight = 0;
  private paused = false;

  constructor(
    private readonly reader: ReadControl,
    private readonly maxBytes = MAX_IN_FLIGHT_BYTES,
  ) {}

  get bytesInFlight(): number {
    return this.inFlight;
  }

  /** A frame of `bytes` is being handled until `handled` settles. */
  track(bytes: number, handled: Promise<unknown>): void {
    this.inFlight += bytes;
    if (!this.paused && this.inFlight > this.maxBytes) {
      this.paused = true;
      this.reader.pauseReading();
    }
    const settle = () => {
      this.inFlight -= bytes;
      if (this.paused && this.inFlight <= this.maxBytes / 2) {
        this.paused = false;
        this.reader.resumeReading();
      }
    };
    handled.then(settle, settle);
  }
}
