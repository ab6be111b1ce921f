import { ActivityViewId } from '../../domain/workbench/activity-views';

/** Small inline SVG icons (no icon font on the first paint). */
const PATHS: Record<ActivityViewId, string> = {
  explorer: 'M4 3h8l4 4v14H4z M12 3v4h4',
  search: 'M10 4a6 6 0 1 1 0 12a6 6 0 1 1 0-12 M15 15l5 5',
  scm: 'M6 3v12 M6 15a3 3 0 1 0 0 6a3 3 0 1 0 0-6 M18 3a3 3 0 1 0 0 6a3 3 0 1 0 0-6 M18 9c0 6-12 3-12 9',
  debug: 'M8 5l11 7l-11 7z',
  remote: 'M3 5h18v11H3z M8 20h8 M12 16v4',
  extensions: 'M4 4h7v7H4z M13 4h7v7h-7z M4 13h7v7H4z M13 13h7v7h-7z',
  bullpen: 'M4 6h16 M4 12h16 M4 18h10',
  references: 'M5 4h10l4 4v12H5z M8 11h8 M8 15h8',
  'pull-requests': 'M6 3v18 M18 9v12 M6 3a2 2 0 1 0 0 4 M18 5l-4 0l0 4',
  chat: 'M4 5h16v11H9l-5 4z',
};

export function ActivityIcon({ view }: { view: ActivityViewId }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d={PATHS[view]} />
    </svg>
  );
}
