import { ContainerModule } from 'inversify';
import { ApiTokenRepository } from '../application/ports/api-token-repository.port';
import { AuditLog } from '../application/ports/audit-log.port';
import { UploadStore } from '../application/ports/upload-store.port';
import { KyselyUploadStore } from '../adapters/db/kysely-upload-store';
import { OneTimeTokenRepository } from '../application/ports/one-time-token-repository.port';
import { PendingUserRepository } from '../application/ports/pending-user-repository.port';
import { KyselyPendingUserRepository } from '../adapters/db/kysely-pending-user-repository';
import { SandboxRepository } from '../application/ports/sandbox-repository.port';
import { SessionRepository } from '../application/ports/session-repository.port';
import { TeamRepository } from '../application/ports/team-repository.port';
import { UserRepository } from '../application/ports/user-repository.port';
import { KyselyApiTokenRepository } from '../adapters/db/kysely-api-token-repository';
import { KyselyAuditLog } from '../adapters/db/kysely-audit-log';
import { KyselyOneTimeTokenRepository } from '../adapters/db/kysely-one-time-token-repository';
import { KyselySandboxRepository } from '../adapters/db/kysely-sandbox-repository';
import { KyselySessionRepository } from '../adapters/db/kysely-session-repository';
import { KyselyTeamRepository } from '../adapters/db/kysely-team-repository';
import { KyselyUserRepository } from '../adapters/db/kysely-user-repository';
import { OpenedDatabase } from '../adapters/db/open-database';
import { Database } from './tokens';

/** The platform data (ADR 0022): every repository port on the one opened database, PGlite or PostgreSQL alike. */
export function databaseModule(database: OpenedDatabase, uploadsDir: string): ContainerModule {
  return new ContainerModule((bind) => {
    const db = database.db;
    bind<OpenedDatabase>(Database).toConstantValue(database);
    bind<SandboxRepository>(SandboxRepository).toConstantValue(new KyselySandboxRepository(db));
    bind<UserRepository>(UserRepository).toConstantValue(new KyselyUserRepository(db));
    bind<SessionRepository>(SessionRepository).toConstantValue(new KyselySessionRepository(db));
    bind<ApiTokenRepository>(ApiTokenRepository).toConstantValue(new KyselyApiTokenRepository(db));
    bind<OneTimeTokenRepository>(OneTimeTokenRepository).toConstantValue(new KyselyOneTimeTokenRepository(db));
    bind<TeamRepository>(TeamRepository).toConstantValue(new KyselyTeamRepository(db));
    bind<AuditLog>(AuditLog).toConstantValue(new KyselyAuditLog(db));
    bind<UploadStore>(UploadStore).toConstantValue(new KyselyUploadStore(db, uploadsDir));
    bind<PendingUserRepository>(PendingUserRepository).toConstantValue(new KyselyPendingUserRepository(db));
  });
}
