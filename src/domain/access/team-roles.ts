/** Team member authorization (spec 000 §3 enumerations), highest first. */
export type TeamAuthorization = 'ADMIN' | 'WRITE' | 'READ';

const RANK: Readonly<Record<TeamAuthorization, number>> = { ADMIN: 3, WRITE: 2, READ: 1 };

/** Whether `held` includes everything `needed` allows. */
export const teamRoleAtLeast = (held: TeamAuthorization | undefined, needed: TeamAuthorization): boolean => held !== undefined && RANK[held] >= RANK[needed];

/** Who may invite whom (platform-api.md §4): admins invite any role, writers invite readers, readers nobody. */
export function mayInvite(inviter: TeamAuthorization | undefined, role: TeamAuthorization): boolean {
  if (inviter === 'ADMIN') return true;
  if (inviter === 'WRITE') return role === 'READ';
  return false;
}
