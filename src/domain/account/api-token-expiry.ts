/** The expiries a new API token may have, in days (the API takes 1…365, or none: it does not expire). */
export const TOKEN_EXPIRY_CHOICES: readonly { readonly days: number | undefined; readonly label: string }[] = [
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '1 year' },
  { days: undefined, label: 'Never' },
];
export const DEFAULT_TOKEN_EXPIRY_DAYS = 30;

/** Scopes a personal API token may carry, as the account page offers them (the API's list, src/protocol/api/auth.ts). */
export const TOKEN_SCOPE_CHOICES: readonly { readonly scope: string; readonly label: string }[] = [
  { scope: 'sandbox_read', label: 'Read sandboxes' },
  { scope: 'sandbox_edit_code', label: 'Edit code in sandboxes' },
  { scope: 'sandbox_create', label: 'Create sandboxes' },
  { scope: 'vm_manage', label: 'Start and stop workspaces' },
  { scope: 'account', label: 'Manage the account' },
];

const DAY_MS = 86_400_000;

/** How a token's expiry reads: 'Never expires', 'Expired', 'Expires today', 'Expires in N days'. */
export function describeTokenExpiry(expiresAt: string | null, now: number): string {
  if (expiresAt === null) return 'Never expires';
  const left = Date.parse(expiresAt) - now;
  if (Number.isNaN(left)) return 'Never expires';
  if (left <= 0) return 'Expired';
  const days = Math.floor(left / DAY_MS);
  return days === 0 ? 'Expires today' : days === 1 ? 'Expires in 1 day' : `Expires in ${days} days`;
}

/** When a token or session was last used, as the lists show it: 'Never used', 'Today', 'Yesterday', 'N days ago'. */
export function describeLastUse(at: string | null, now: number): string {
  if (at === null) return 'Never used';
  const ago = now - Date.parse(at);
  if (Number.isNaN(ago)) return 'Never used';
  const days = Math.floor(Math.max(0, ago) / DAY_MS);
  return days === 0 ? 'Today' : days === 1 ? 'Yesterday' : `${days} days ago`;
}
