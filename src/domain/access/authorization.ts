import type { TeamAuthorization } from './team-roles';

/** The token scopes (ADR 0023); a browser session holds every one. */
export type Scope = 'sandbox_read' | 'sandbox_edit_code' | 'sandbox_create' | 'vm_manage' | 'account';

/** Who asks, as the rules see them. */
export type Subject =
  | { readonly kind: 'anonymous' }
  | { readonly kind: 'person'; readonly siteOwner: boolean; /** undefined: a browser session (every scope). */ readonly scopes?: readonly string[] };

export const hasScope = (subject: Subject, scope: Scope): boolean => subject.kind === 'person' && (subject.scopes === undefined || subject.scopes.includes(scope));

/**
 * Who may call a route, declared beside it (the matrix test reads these):
 * - `public`: anyone, signed in or not (the route decides the rest: a sandbox's own access, a credential in the path);
 * - `person`: someone signed in; an API token needs the scope (any token, when the rule names none);
 * - `site-owner`: the install's owner; an API token needs the scope.
 */
export type RouteRule = { readonly kind: 'public' } | { readonly kind: 'person'; readonly scope?: Scope } | { readonly kind: 'site-owner'; readonly scope: Scope };

export type RouteDecision = 'allowed' | 'unauthenticated' | 'forbidden';

export function decideRoute(rule: RouteRule, subject: Subject): RouteDecision {
  if (rule.kind === 'public') return 'allowed';
  if (subject.kind === 'anonymous') return 'unauthenticated';
  if (rule.scope !== undefined && !hasScope(subject, rule.scope)) return 'forbidden';
  if (rule.kind === 'site-owner' && !subject.siteOwner) return 'forbidden';
  return 'allowed';
}

/** What someone may do in a sandbox: nothing (it is missing to them), watch, or edit. */
export type SandboxAccess = 'none' | 'read' | 'write';

export interface SandboxFacts {
  /** 0 public, 1 unlisted, 2 private. */
  readonly privacy: 0 | 1 | 2;
  /** What visitors without an account may do in a public or unlisted sandbox: the server's level, capped by the sandbox's own. */
  readonly anonymousAccess: 'read' | 'write';
  /** The asker's role in the sandbox's team, if they are a member. */
  readonly teamRole: TeamAuthorization | undefined;
}

const order: Readonly<Record<SandboxAccess, number>> = { none: 0, read: 1, write: 2 };
const higher = (a: SandboxAccess, b: SandboxAccess): SandboxAccess => (order[a] >= order[b] ? a : b);

/**
 * Access to a sandbox (ADR 0023; platform-api.md §4): public and unlisted sandboxes are open to anyone at the visitors'
 * level; private ones to their team only. Team writers and admins edit, readers watch; the install's owner edits
 * everything. A signed-in person never gets less than a visitor would. An API token is held to its scopes:
 * sandbox_edit_code to edit, sandbox_read (or edit) to watch.
 */
export function sandboxAccess(subject: Subject, sandbox: SandboxFacts): SandboxAccess {
  const visitor: SandboxAccess = sandbox.privacy === 2 ? 'none' : sandbox.anonymousAccess;
  if (subject.kind === 'anonymous') return visitor;
  const asMember: SandboxAccess = subject.siteOwner || sandbox.teamRole === 'ADMIN' || sandbox.teamRole === 'WRITE' ? 'write' : sandbox.teamRole === 'READ' ? 'read' : 'none';
  const granted = higher(visitor, asMember);
  if (subject.scopes === undefined) return granted;
  const ceiling: SandboxAccess = subject.scopes.includes('sandbox_edit_code') ? 'write' : subject.scopes.includes('sandbox_read') ? 'read' : 'none';
  return order[granted] <= order[ceiling] ? granted : ceiling;
}
