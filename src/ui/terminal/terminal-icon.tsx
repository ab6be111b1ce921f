/** The terminal toolbar's icons, as small inline SVGs (no icon font). */
const PATHS = {
  new: 'M12 5v14 M5 12h14',
  split: 'M4 5h16v14H4z M12 5v14',
  restart: 'M19 12a7 7 0 1 1-2.05-4.95 M19 4v4h-4',
  kill: 'M5 7h14 M9 7V4h6v3 M7 7l1 13h8l1-13',
} as const;

export function TerminalIcon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d={PATHS[name]} />
    </svg>
  );
}
