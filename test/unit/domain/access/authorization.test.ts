import { RouteRule, SandboxFacts, Subject, decideRoute, sandboxAccess } from '../../../../src/domain/access/authorization';
import { mayInvite, teamRoleAtLeast } from '../../../../src/domain/access/team-roles';

const anonymous: Subject = { kind: 'anonymous' };
const member: Subject = { kind: 'person', siteOwner: false };
const owner: Subject = { kind: 'person', siteOwner: true };
const token = (...scopes: string[]): Subject => ({ kind: 'person', siteOwner: false, scopes });
const ownerToken = (...scopes: string[]): Subject => ({ kind: 'person', siteOwner: true, scopes });

describe('decideRoute', () => {
  const rows: [RouteRule, Subject, string][] = [
    [{ kind: 'public' }, anonymous, 'allowed'],
    [{ kind: 'person', scope: 'account' }, anonymous, 'unauthenticated'],
    [{ kind: 'person', scope: 'account' }, member, 'allowed'],
    [{ kind: 'person', scope: 'account' }, token('account'), 'allowed'],
    [{ kind: 'person', scope: 'account' }, token('sandbox_read'), 'forbidden'],
    [{ kind: 'site-owner', scope: 'account' }, member, 'forbidden'],
    [{ kind: 'site-owner', scope: 'account' }, owner, 'allowed'],
    [{ kind: 'site-owner', scope: 'account' }, ownerToken('vm_manage'), 'forbidden'],
    [{ kind: 'site-owner', scope: 'account' }, anonymous, 'unauthenticated'],
  ];
  it.each(rows)('%j for %j is %s', (rule, subject, decision) => {
    expect(decideRoute(rule, subject)).toBe(decision);
  });
});

describe('sandboxAccess', () => {
  const facts = (privacy: 0 | 1 | 2, anonymousAccess: 'read' | 'write', teamRole?: SandboxFacts['teamRole']): SandboxFacts => ({ privacy, anonymousAccess, teamRole });
  it('gives visitors the visitors\' level in public and unlisted sandboxes, and nothing in private ones', () => {
    expect(sandboxAccess(anonymous, facts(0, 'write'))).toBe('write');
    expect(sandboxAccess(anonymous, facts(1, 'read'))).toBe('read');
    expect(sandboxAccess(anonymous, facts(2, 'write'))).toBe('none');
  });
  it('lets team writers and admins edit, readers watch, others only what a visitor may', () => {
    expect(sandboxAccess(member, facts(2, 'read', 'WRITE'))).toBe('write');
    expect(sandboxAccess(member, facts(2, 'read', 'ADMIN'))).toBe('write');
    expect(sandboxAccess(member, facts(2, 'read', 'READ'))).toBe('read');
    expect(sandboxAccess(member, facts(2, 'write', undefined))).toBe('none');
    expect(sandboxAccess(member, facts(0, 'read', undefined))).toBe('read');
  });
  it('never gives a signed-in person less than a visitor: a team reader in a public sandbox visitors edit edits', () => {
    expect(sandboxAccess(member, facts(0, 'write', 'READ'))).toBe('write');
  });
  it("lets the install's owner edit every sandbox", () => {
    expect(sandboxAccess(owner, facts(2, 'read', undefined))).toBe('write');
  });
  it('holds an API token to its scopes', () => {
    expect(sandboxAccess(token('sandbox_read'), facts(2, 'read', 'WRITE'))).toBe('read');
    expect(sandboxAccess(token('sandbox_edit_code'), facts(2, 'read', 'WRITE'))).toBe('write');
    expect(sandboxAccess(token('account'), facts(0, 'write', 'WRITE'))).toBe('none');
    expect(sandboxAccess(ownerToken('vm_manage'), facts(2, 'read'))).toBe('none');
  });
});

describe('team roles', () => {
  it('admins invite any role, writers invite readers, readers nobody (platform-api.md §4)', () => {
    expect(['ADMIN', 'WRITE', 'READ'].map((role) => mayInvite('ADMIN', role as never))).toEqual([true, true, true]);
    expect(['ADMIN', 'WRITE', 'READ'].map((role) => mayInvite('WRITE', role as never))).toEqual([false, false, true]);
    expect(['ADMIN', 'WRITE', 'READ'].map((role) => mayInvite('READ', role as never))).toEqual([false, false, false]);
    expect(mayInvite(undefined, 'READ')).toBe(false);
  });
  it('orders ADMIN over WRITE over READ', () => {
    expect(teamRoleAtLeast('ADMIN', 'WRITE')).toBe(true);
    expect(teamRoleAtLeast('READ', 'WRITE')).toBe(false);
    expect(teamRoleAtLeast(undefined, 'READ')).toBe(false);
  });
});
