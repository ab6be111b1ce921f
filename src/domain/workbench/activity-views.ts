/** The activity bar of spec 002 §2, in the spec's order. */
export const SPEC_ACTIVITY_ORDER = ['explorer', 'search', 'scm', 'debug', 'remote', 'extensions', 'bullpen', 'references', 'pull-requests', 'chat'] as const;
export type SpecActivityViewId = (typeof SPEC_ACTIVITY_ORDER)[number];

/**
 * The views Bullpen has. The activity bar lists these only, in the spec's order: the spec's other views (debug,
 * remote, extensions, references, pull requests, chat) have nothing behind them in Bullpen, so they get no icon, no
 * palette entry and no key (issue 19); a saved layout or a link naming one shows the default view instead.
 */
export type ActivityViewId = Extract<SpecActivityViewId, 'explorer' | 'search' | 'scm' | 'bullpen'>;

export interface ActivityView {
  readonly id: ActivityViewId;
  readonly label: string;
}

export const ACTIVITY_VIEWS: readonly ActivityView[] = [
  { id: 'explorer', label: 'Explorer' },
  { id: 'search', label: 'Search' },
  { id: 'scm', label: 'Source Control' },
  { id: 'bullpen', label: 'Bullpen' },
];

export const isActivityViewId = (value: string): value is ActivityViewId => ACTIVITY_VIEWS.some((v) => v.id === value);
