import { Kysely } from 'kysely';
import { AuditEntry, AuditLog } from '../../application/ports/audit-log.port';
import { Database } from './database-schema';

export class KyselyAuditLog implements AuditLog {
  constructor(private readonly db: Kysely<Database>) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.db
      .insertInto('audit_log')
      .values({
        at: entry.at,
        actor_user_id: entry.actorUserId ?? null,
        action: entry.action,
        target: entry.target ?? null,
        ip: entry.ip ?? null,
        user_agent: entry.userAgent ?? null,
        outcome: entry.outcome,
        details: JSON.stringify(entry.details),
      })
      .execute();
  }

  async list(options: { limit: number; before?: Date; actors?: readonly string[] }): Promise<(AuditEntry & { id: string })[]> {
    let query = this.db.selectFrom('audit_log').selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(options.limit);
    if (options.before) query = query.where('at', '<', options.before);
    if (options.actors) {
      if (options.actors.length === 0) return [];
      query = query.where('actor_user_id', 'in', [...options.actors]);
    }
    const rows = await query.execute();
    return rows.map((row) => ({
      id: String(row.id),
      at: row.at,
      actorUserId: row.actor_user_id ?? undefined,
      action: row.action as AuditEntry['action'],
      target: row.target ?? undefined,
      ip: row.ip ?? undefined,
      userAgent: row.user_agent ?? undefined,
      outcome: row.outcome,
      details: row.details,
    }));
  }
}
