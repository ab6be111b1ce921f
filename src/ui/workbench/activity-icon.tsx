import { ActivityViewId } from '../../domain/workbench/activity-views';

/** Small inline SVG icons (no icon font on the first paint). */
const PATHS: Record<ActivityViewId, string> = {
  explorer: 'M4 3h8l4 4v14H4z M12 3v4h4',
  search: 'M10 4a6 6 0 1 1 0 12a6 6 0 1 1 0-12 M15 15l5 5',
  scm: 'M6 3v12 M6 15a3 3 0 1 0 0 6a3 3 0 1 0 0-6 M18 3a3 3 0 1 0 0 6a3 3 0 1 0 0-6 M18 9c0 6-12 3-12 9',
  bullpen: 'M4 6h16 M4 12h16 M4 18h10',
};

export function ActivityIcon({ view }: { view: ActivityViewId }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d={PATHS[view]} />
    </svg>
  );
}
