import { useEffect, useState } from 'react';

/**
 * At the latest this long after a view starts waiting for the first file, it stops waiting: the workspace may open
 * on a new-tab page, or its first file fail to open.
 */
export const FIRST_FILE_WAIT_MS = 2_000;

let shown = false;
const waiting = new Set<() => void>();

/** The first file shows in an editor (monaco-view.tsx): the views that waited for it may load now. */
export function markFirstFileShown(): void {
  if (shown) return;
  shown = true;
  for (const done of [...waiting]) done();
  waiting.clear();
}

/**
 * False until the first file shows in an editor (or FIRST_FILE_WAIT_MS passed), then true. A view that is on screen
 * at start but not needed to edit (the terminal panel: xterm is about 300 KB of script and a tenth of a second of the
 * main thread on a 2-core machine) renders a placeholder until then, so that the editor becomes usable first.
 */
export function useAfterFirstFile(): boolean {
  const [ready, setReady] = useState(shown);
  useEffect(() => {
    if (ready) return;
    const done = () => setReady(true);
    if (shown) return done();
    waiting.add(done);
    const timer = setTimeout(done, FIRST_FILE_WAIT_MS);
    return () => {
      waiting.delete(done);
      clearTimeout(timer);
    };
  }, [ready]);
  return ready;
}
