/**
 * When the preview is evaluated again (spec 002 §9: the default preview run action is 'edit-delayed'): a change of
 * a document schedules a reload 500 ms later, and every further change within that time pushes it back, so a burst of
 * typing reloads once, 500 ms after its last keystroke. A page that updates itself (hot reload) is not reloaded:
 * pageUpdatesItself.
 */
export type PreviewRunAction = 'edit-delayed';
export const DEFAULT_PREVIEW_RUN_ACTION: PreviewRunAction = 'edit-delayed';
export const EDIT_DELAY_MS = 500;

/** A pending reload's due time (ms on the caller's clock), or none. */
export interface ReloadSchedule {
  readonly dueAt: number | undefined;
}

export const NO_RELOAD: ReloadSchedule = { dueAt: undefined };

/** A document changed at `nowMs`. */
export const afterEdit = (_schedule: ReloadSchedule, nowMs: number, delayMs = EDIT_DELAY_MS): ReloadSchedule => ({ dueAt: nowMs + delayMs });

/** Whether the reload is due at `nowMs` (a timer that fires early, or for an older change, waits for the rest). */
export const isReloadDue = (schedule: ReloadSchedule, nowMs: number): boolean => schedule.dueAt !== undefined && nowMs >= schedule.dueAt;

/** How long to wait from `nowMs` until the reload is due; undefined when none is pending. */
export const reloadWait = (schedule: ReloadSchedule, nowMs: number): number | undefined =>
  schedule.dueAt === undefined ? undefined : Math.max(0, schedule.dueAt - nowMs);

/**
 * Whether the previewed page updates itself after an edit, so that the edit-delayed reload is left out: it keeps a
 * websocket open through the preview, as a dev server's hot reload does (Vite, webpack-dev-server, Next.js). A reload
 * would throw away the page's state and the hot update with it (ADR 0021).
 */
export const pageUpdatesItself = (openSockets: number): boolean => openSockets > 0;
