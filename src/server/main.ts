import { startServer } from './bullpen-server';
import { readConfig } from './config';
import { RuntimeSelection } from './adapters/process/runtime-selection';
import { ProcessRuntimeSelection } from './container';
import { stopOnSignals } from './stop-on-signals';

/** `npm start` ends here: start Bullpen, print the default sandbox's editor URL and the owner's one-time sign-in link. */
async function main(): Promise<void> {
  const config = readConfig();
  const server = await startServer(config);
  console.log(`Bullpen is running. Data directory: ${config.dataDir}`);
  console.log(`Platform data: ${server.database.engine === 'pglite' ? `PGlite in ${config.dataDir}/db` : 'PostgreSQL (DATABASE_URL)'}${server.database.migrated.length > 0 ? ` (migrated: ${server.database.migrated.join(', ')})` : ''}`);
  if (server.database.importedSandboxes.length > 0) console.log(`Sandbox records moved from the data directory into the database: ${server.database.importedSandboxes.join(', ')}`);
  for (const notice of server.container.get<RuntimeSelection>(ProcessRuntimeSelection).notices) {
    if (notice.level === 'warn') console.warn(`[bullpen] WARNING: ${notice.text}`);
    else console.log(notice.text);
  }
  if (config.legacyAccessToken) {
    console.warn('[bullpen] BULLPEN_ACCESS_TOKEN is no longer an access secret: people sign in with accounts (ADR 0023). It works as the owner\'s API token (BULLPEN_BOOTSTRAP_TOKEN) for scripts.');
  }
  console.log(`Open the default sandbox: ${server.editorUrl}`);
  // A line of its own: it signs the owner in once (within 24 hours) and opens the default sandbox.
  console.log(`Sign in as the owner (one-time link): ${server.ownerSignInUrl}`);
  if (server.listensOnAllInterfaces && !config.publicUrl) {
    console.log(`Bullpen listens on all interfaces (HOST=${config.host}): from another machine, put this machine's address in place of localhost, or set BULLPEN_PUBLIC_URL.`);
  }
  stopOnSignals(() => server.close(), { onSignal: (signal, listener) => process.on(signal, listener), exit: (code) => process.exit(code), log: (message) => console.log(message) });
  process.on('uncaughtException', (error) => console.error('[bullpen] uncaught exception (the server stays up)', error));
  process.on('unhandledRejection', (error) => console.error('[bullpen] unhandled rejection (the server stays up)', error));
}

main().catch((error) => {
  console.error('[bullpen] failed to start:', error);
  process.exit(1);
});
