import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';

/** Give in-flight requests this long to finish on shutdown before exiting anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const app = await buildApp(config);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      console.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    // app.close() stops accepting connections, lets requests finish and closes the database.
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Shutdown failed:', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  let address: string;
  try {
    address = await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  console.log(`Maru is listening on ${address}`);
  console.log(`Institution code for registration: ${app.maru.demoCode}`);
  if (config.clientDir === null) {
    console.log('No built client found (run `npm run build`); serving the API only.');
  }
}

main().catch((error: unknown) => {
  // Problems the operator can fix are stated plainly; anything else keeps its stack.
  const plain = error instanceof ConfigError || error instanceof DataDirLockedError;
  console.error(plain ? error.message : error);
  process.exit(1);
});
