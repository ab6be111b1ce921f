import * as path from 'node:path';
import { startServer } from './bullpen-server';
import { readConfig } from './config';
import { ACCESS_SECRET_FILE } from './adapters/crypto/access-secret';
import { RuntimeSelection } from './adapters/process/runtime-selection';
import { ProcessRuntimeSelection } from './container';
import { stopOnSignals } from './stop-on-signals';

/** `npm start` ends here: start Bullpen and print the default sandbox's editor URL (with the access token, if any). */
async function main(): Promise<void> {
  const config = readConfig();
  const server = await startServer(config);
  console.log(`Bullpen is running. Data directory: ${config.dataDir}`);
  for (const notice of server.container.get<RuntimeSelection>(ProcessRuntimeSelection).notices) {
    if (notice.level === 'warn') console.warn(`[bullpen] WARNING: ${notice.text}`);
    else console.log(notice.text);
  }
  console.log(`Open the default sandbox: ${server.editorUrl}`);
  if (server.accessTokenSource === 'data-directory') {
    console.log(`The URL carries the access token (stored in ${path.join(config.dataDir, ACCESS_SECRET_FILE)}): share it only with people who may use this machine's shell.`);
  }
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
