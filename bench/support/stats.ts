/** Order statistics of latency samples. */
export interface Summary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** The q-quantile of ascending `sorted` (nearest rank). */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export function summarize(samples: ArrayLike<number>): Summary {
  const sorted = Float64Array.from(samples).sort();
  return { count: sorted.length, p50: quantile(sorted, 0.5), p90: quantile(sorted, 0.9), p99: quantile(sorted, 0.99), max: sorted.length ? sorted[sorted.length - 1] : NaN };
}

/** A positive number from the environment, or `fallback`. */
export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got ${JSON.stringify(raw)}`);
  return value;
}

/** A comma-separated list of positive numbers from the environment ('none': no number), or `fallback`. */
export function envList(name: string, fallback: number[]): number[] {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (raw.trim() === 'none') return [];
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (values.some((v) => !Number.isFinite(v) || v <= 0)) throw new Error(`${name} must be a comma-separated list of positive numbers, got ${JSON.stringify(raw)}`);
  return values;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
