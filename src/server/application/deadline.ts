/**
 * Waits for `work`, but no longer than `ms`: resolves 'done' when it settled in time, else 'late' (the work goes on;
 * nothing is cancelled). For shutdowns that must end even when something they wait for hangs.
 */
export function withinDeadline(work: Promise<unknown>, ms: number): Promise<'done' | 'late'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
    (timer as { unref?: () => void }).unref?.();
  });
  const done = work.then(
    () => 'done' as const,
    () => 'done' as const,
  );
  return Promise.race([done, late]).finally(() => clearTimeout(timer));
}
