/**
 * Runs `fn` when the page is next idle, at the latest after `timeoutMs`; returns what cancels it. Safari has no
 * requestIdleCallback: there `fn` runs in a task after the next frame, which is what the callers want from idleness
 * (the frame that shows a key press is not delayed by them).
 */
export function whenIdle(fn: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(fn, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}
