import type { TeamAuthorization } from '../../../domain/access/team-roles';

/** Team workspaces and their members (platform data). */
export const TeamRepository = Symbol('TeamRepository');

export interface TeamRecord {
  id: string;
  name: string;
  description: string | undefined;
  creatorId: string | undefined;
  /** Set for a person's personal workspace. */
  personalOwnerId: string | undefined;
  createdAt: Date;
}

export interface Membership {
  team: TeamRecord;
  authorization: TeamAuthorization;
}

export interface TeamRepository {
  create(team: { id: string; name: string; creatorId?: string; personalOwnerId?: string; createdAt: Date }): Promise<TeamRecord>;
  byId(id: string): Promise<TeamRecord | undefined>;
  setMember(teamId: string, userId: string, authorization: TeamAuthorization, at: Date): Promise<void>;
  /** The person's teams, their personal workspace first, then by creation. */
  membershipsOf(userId: string): Promise<Membership[]>;
  authorizationOf(teamId: string, userId: string): Promise<TeamAuthorization | undefined>;
  /** The people of a team with their authorization. */
  membersOf(teamId: string): Promise<{ userId: string; authorization: TeamAuthorization }[]>;
  invite(invitation: { teamId: string; email: string; authorization: TeamAuthorization; invitedBy: string | undefined; at: Date }): Promise<void>;
  /** Invitations to this e-mail (case-insensitive). */
  invitationsFor(email: string): Promise<{ teamId: string; authorization: TeamAuthorization }[]>;
  removeInvitation(teamId: string, email: string): Promise<void>;
}
