/**
 * The activity bar (spec 002 §2) in the spec's order. `available` says whether Bullpen has the view working; the
 * others are shown, marked as not available yet, so the bar has the layout users know.
 */
export type ActivityViewId =
  | 'explorer' | 'search' | 'scm' | 'debug' | 'remote' | 'extensions' | 'bullpen' | 'references' | 'pull-requests' | 'chat';

export interface ActivityView {
  readonly id: ActivityViewId;
  readonly label: string;
  readonly available: boolean;
}

export const ACTIVITY_VIEWS: readonly ActivityView[] = [
  { id: 'explorer', label: 'Explorer', available: true },
  { id: 'search', label: 'Search', available: true },
  { id: 'scm', label: 'Source Control', available: true },
  { id: 'debug', label: 'Run and Debug', available: false },
  { id: 'remote', label: 'Remote Explorer', available: false },
  { id: 'extensions', label: 'Extensions', available: false },
  { id: 'bullpen', label: 'Bullpen', available: true },
  { id: 'references', label: 'References', available: false },
  { id: 'pull-requests', label: 'Pull Requests', available: false },
  { id: 'chat', label: 'Chat', available: false },
];

export const NOT_AVAILABLE_YET = 'Not available in Bullpen yet';

export const isActivityViewId = (value: string): value is ActivityViewId => ACTIVITY_VIEWS.some((v) => v.id === value);
