/** Calls `fn` repeatedly in rounds and returns the median throughput in calls per second. */
export interface ThroughputOptions {
  /** Calls per round. */
  readonly callsPerRound: number;
  readonly warmupRounds: number;
  readonly rounds: number;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Benchmarks several contenders fairly: every round runs each contender once, in alternating order, so drift
 * (GC, CPU frequency) affects all alike. `round(i)` performs `callsPerRound` calls and returns a value that is
 * accumulated to keep the work observable.
 */
export function compareThroughput(contenders: Record<string, () => number>, options: ThroughputOptions): Record<string, number> {
  const names = Object.keys(contenders);
  const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  let sink = 0;
  for (let r = 0; r < options.warmupRounds + options.rounds; r++) {
    const order = r % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      const start = process.hrtime.bigint();
      sink += contenders[name]();
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      if (r >= options.warmupRounds) samples[name].push(options.callsPerRound / seconds);
    }
  }
  if (sink === -1) console.log('unreachable');
  return Object.fromEntries(names.map((n) => [n, median(samples[n])]));
}
