/** The scroll-back a client keeps per terminal so a view mounted later shows what ran (the server keeps 256 KiB). */
export const TRANSCRIPT_LIMIT_CHARS = 256 * 1024;

/**
 * A terminal's recent output, bounded: the oldest chunks are dropped once the total is above the limit (a single
 * chunk longer than the limit is kept whole, as the server's scroll-back does).
 */
export class Transcript {
  private readonly chunks: string[] = [];
  private total = 0;

  constructor(private readonly limit = TRANSCRIPT_LIMIT_CHARS) {}

  get length(): number {
    return this.total;
  }

  get all(): readonly string[] {
    return this.chunks;
  }

  append(chunk: string): void {
    if (chunk.length === 0) return;
    this.chunks.push(chunk);
    this.total += chunk.length;
    while (this.total > this.limit && this.chunks.length > 1) this.total -= this.chunks.shift()!.length;
  }

  /** Starts again from a scroll-back (a re-open) or from nothing (a restart). */
  replace(chunks: readonly string[] = []): void {
    this.chunks.length = 0;
    this.total = 0;
    for (const chunk of chunks) this.append(chunk);
  }
}
