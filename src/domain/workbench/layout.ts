import { ActivityViewId, isActivityViewId } from './activity-views';

/** The panels below the editor. */
export type PanelId = 'terminal' | 'tasks' | 'ports' | 'problems';
export const PANELS: readonly { id: PanelId; label: string }[] = [
  { id: 'terminal', label: 'Terminal' },
  { id: 'tasks', label: 'Tasks' },
  { id: 'ports', label: 'Ports' },
  { id: 'problems', label: 'Problems' },
];
const isPanelId = (value: unknown): value is PanelId => PANELS.some((p) => p.id === value);

/** What a user arranges and expects to find again: saved per user, overridden per visit by query parameters. */
export interface WorkbenchLayout {
  readonly sideBarVisible: boolean;
  readonly activeView: ActivityViewId;
  readonly sideBarWidth: number;
  readonly panelVisible: boolean;
  readonly activePanel: PanelId;
  readonly panelHeight: number;
  readonly previewVisible: boolean;
  readonly previewWidth: number;
}

export const DEFAULT_LAYOUT: WorkbenchLayout = {
  sideBarVisible: true,
  activeView: 'explorer',
  sideBarWidth: 260,
  panelVisible: true,
  activePanel: 'terminal',
  panelHeight: 240,
  previewVisible: false,
  previewWidth: 480,
};

export const SIZE_LIMITS = {
  sideBarWidth: { min: 160, max: 800 },
  panelHeight: { min: 80, max: 1200 },
  previewWidth: { min: 200, max: 1600 },
} as const;

export type SizeKey = keyof typeof SIZE_LIMITS;

export function clampSize(key: SizeKey, value: number): number {
  const { min, max } = SIZE_LIMITS[key];
  if (!Number.isFinite(value)) return DEFAULT_LAYOUT[key];
  return Math.round(Math.min(max, Math.max(min, value)));
}

/** A stored layout from an older version or edited by hand: every field checked, anything odd replaced by the default. */
export function restoreLayout(stored: unknown): WorkbenchLayout {
  if (typeof stored !== 'object' || stored === null) return DEFAULT_LAYOUT;
  const s = stored as Record<string, unknown>;
  const bool = (key: keyof WorkbenchLayout) => (typeof s[key] === 'boolean' ? (s[key] as boolean) : (DEFAULT_LAYOUT[key] as boolean));
  const size = (key: SizeKey) => (typeof s[key] === 'number' ? clampSize(key, s[key] as number) : DEFAULT_LAYOUT[key]);
  return {
    sideBarVisible: bool('sideBarVisible'),
    activeView: typeof s.activeView === 'string' && isActivityViewId(s.activeView) ? s.activeView : DEFAULT_LAYOUT.activeView,
    sideBarWidth: size('sideBarWidth'),
    panelVisible: bool('panelVisible'),
    activePanel: isPanelId(s.activePanel) ? s.activePanel : DEFAULT_LAYOUT.activePanel,
    panelHeight: size('panelHeight'),
    previewVisible: bool('previewVisible'),
    previewWidth: size('previewWidth'),
  };
}

/**
 * Query parameters of spec 001 §2 that shape the workbench for one visit (docs/client/workbench.md):
 * - `file=<path>` opens that file first;
 * - `sidebar=<JSON>`: `false` hides the side bar, `true` shows it, a view id string or `{"view": id}` shows that view;
 * - `layout=editor|panel|preview`: editor only, editor with the bottom panel, or editor with the preview beside it;
 * - `showConsole=true|1|false|0` shows or hides the bottom panel on the terminal.
 */
export interface LayoutQuery {
  readonly file?: string;
  readonly overrides: Partial<WorkbenchLayout>;
}

/** The query parameters as URLSearchParams gives them (the caller parses the query string). */
export interface QueryParams {
  get(name: string): string | null;
}

export function parseLayoutQuery(params: QueryParams): LayoutQuery {
  const overrides: { -readonly [K in keyof WorkbenchLayout]?: WorkbenchLayout[K] } = {};
  const sidebar = params.get('sidebar');
  if (sidebar !== null) {
    let value: unknown = sidebar;
    try {
      value = JSON.parse(sidebar);
    } catch {
      // a bare view id is accepted as well as its JSON string
    }
    if (typeof value === 'boolean') overrides.sideBarVisible = value;
    const view = typeof value === 'object' && value !== null ? (value as { view?: unknown }).view : value;
    if (typeof view === 'string' && isActivityViewId(view)) {
      overrides.sideBarVisible = true;
      overrides.activeView = view;
    }
  }
  const layout = params.get('layout');
  if (layout === 'editor') Object.assign(overrides, { panelVisible: false, previewVisible: false });
  if (layout === 'panel') Object.assign(overrides, { panelVisible: true });
  if (layout === 'preview') Object.assign(overrides, { previewVisible: true });
  const console = params.get('showConsole');
  if (console === 'true' || console === '1') Object.assign(overrides, { panelVisible: true, activePanel: 'terminal' });
  if (console === 'false' || console === '0') overrides.panelVisible = false;
  const file = params.get('file')?.replace(/^\/+/, '') || undefined;
  return { file, overrides };
}
