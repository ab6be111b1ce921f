import { Kysely, Selectable, sql } from 'kysely';
import type { TeamAuthorization } from '../../../domain/access/team-roles';
import { Membership, TeamRecord, TeamRepository } from '../../application/ports/team-repository.port';
import { Database, TeamsTable } from './database-schema';

const toRecord = (row: Selectable<TeamsTable>): TeamRecord => ({
  id: row.id,
  name: row.name,
  description: row.description ?? undefined,
  creatorId: row.creator_id ?? undefined,
  personalOwnerId: row.personal_owner_id ?? undefined,
  createdAt: row.created_at,
});

export class KyselyTeamRepository implements TeamRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(team: { id: string; name: string; creatorId?: string; personalOwnerId?: string; createdAt: Date }): Promise<TeamRecord> {
    const row = await this.db
      .insertInto('teams')
      .values({ id: team.id, name: team.name, creator_id: team.creatorId ?? null, personal_owner_id: team.personalOwnerId ?? null, created_at: team.createdAt, updated_at: team.createdAt })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row);
  }

  async byId(id: string): Promise<TeamRecord | undefined> {
    const row = await this.db.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  async setMember(teamId: string, userId: string, authorization: TeamAuthorization, at: Date): Promise<void> {
    await this.db
      .insertInto('team_members')
      .values({ team_id: teamId, user_id: userId, authorization, created_at: at })
      .onConflict((oc) => oc.columns(['team_id', 'user_id']).doUpdateSet({ authorization }))
      .execute();
  }

  async membershipsOf(userId: string): Promise<Membership[]> {
    const rows = await this.db
      .selectFrom('team_members')
      .innerJoin('teams', 'teams.id', 'team_members.team_id')
      .selectAll('teams')
      .select('team_members.authorization')
      .where('team_members.user_id', '=', userId)
      .orderBy(sql`teams.personal_owner_id is null`)
      .orderBy('teams.created_at')
      .execute();
    return rows.map((row) => ({ team: toRecord(row), authorization: row.authorization }));
  }

  async authorizationOf(teamId: string, userId: string): Promise<TeamAuthorization | undefined> {
    const row = await this.db.selectFrom('team_members').select('authorization').where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst();
    return row?.authorization;
  }

  async membersOf(teamId: string): Promise<{ userId: string; authorization: TeamAuthorization }[]> {
    const rows = await this.db.selectFrom('team_members').select(['user_id', 'authorization']).where('team_id', '=', teamId).orderBy('created_at').execute();
    return rows.map((row) => ({ userId: row.user_id, authorization: row.authorization }));
  }

  async invite(invitation: { teamId: string; email: string; authorization: TeamAuthorization; invitedBy: string | undefined; at: Date }): Promise<void> {
    await sql`insert into team_invitations (team_id, email, "authorization", invited_by, created_at)
      values (${invitation.teamId}, ${invitation.email}, ${invitation.authorization}, ${invitation.invitedBy ?? null}, ${invitation.at})
      on conflict (team_id, lower(email)) do update set "authorization" = excluded."authorization"`.execute(this.db);
  }

  async invitationsFor(email: string): Promise<{ teamId: string; authorization: TeamAuthorization }[]> {
    const rows = await this.db.selectFrom('team_invitations').select(['team_id', 'authorization']).where(sql`lower(email)`, '=', email.toLowerCase()).orderBy('created_at').execute();
    return rows.map((row) => ({ teamId: row.team_id, authorization: row.authorization }));
  }

  async removeInvitation(teamId: string, email: string): Promise<void> {
    await this.db.deleteFrom('team_invitations').where('team_id', '=', teamId).where(sql`lower(email)`, '=', email.toLowerCase()).execute();
  }
}
