/** The constraint a statement broke when it broke a unique one (SQLSTATE 23505), from pg's and PGlite's errors alike. */
export function uniqueViolation(error: unknown): string | undefined {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' ? (typeof constraint === 'string' ? constraint : '') : undefined;
}

/** A count as a number: pg answers bigints as strings, PGlite as numbers. */
export const asCount = (value: unknown): number => Number(value ?? 0);
