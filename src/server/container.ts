import 'reflect-metadata';
import { Container } from 'inversify';
import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { OpenedDatabase } from './adapters/db/open-database';
import { BullpenConfig } from './config';
import { databaseModule } from './modules/database-module';
import { platformModule } from './modules/platform-module';
import { runtimeModule } from './modules/runtime-module';
import { workspaceModule } from './modules/workspace-module';
import { Config } from './modules/tokens';

export { Config, Database, NewId, Now, ProcessRuntimeSelection } from './modules/tokens';
export { newSandboxId } from './modules/sandbox-ids';

/**
 * The server's one container, the only place that names concrete adapters (swap = rebind), made of one module per
 * area: the platform database, the process runtime, workspaces, and the platform's account use cases.
 */
export function createServerContainer(config: BullpenConfig, database: OpenedDatabase): Container {
  const c = new Container();
  c.bind(Config).toConstantValue(config);
  c.load(databaseModule(database, path.join(config.dataDir, 'uploads')), runtimeModule(config), workspaceModule(config, () => randomUUID()), platformModule(config));
  return c;
}
