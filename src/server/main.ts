import { startServer } from './bullpen-server';
import { readConfig } from './config';

/** `npm start` ends here: start Bullpen and print the default sandbox's editor URL. */
async function main(): Promise<void> {
  const config = readConfig();
  const server = await startServer(config);
  console.log(`Bullpen is running. Data directory: ${config.dataDir}`);
  console.log(`Open the default sandbox: ${server.url}/sandbox/${server.defaultSandboxId}`);
  const stop = (signal: string) => {
    console.log(`Bullpen is stopping (${signal})`);
    server.close().finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('uncaughtException', (error) => console.error('[bullpen] uncaught exception (the server stays up)', error));
  process.on('unhandledRejection', (error) => console.error('[bullpen] unhandled rejection (the server stays up)', error));
}

main().catch((error) => {
  console.error('[bullpen] failed to start:', error);
  process.exit(1);
});
