import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/open-database';
import { resolveJwtSecret } from './resolve-secrets';

async function start(config: Config) {
  const logger = pino({ level: config.logLevel });
  const database = await openDatabase(config);
  const jwtSecret = await resolveJwtSecret(config);
  const app = await buildApp({ config, database, jwtSecret, logger });

  // Stop accepting, let in-flight requests finish, then close the database (an onClose hook).
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('in-flight requests did not finish in 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(
    `CampusCollab is running at ${config.publicUrl.replace(`:${config.port}`, `:${port}`)} (database: ${database.kind})`,
  );
}

try {
  await start(loadConfig());
} catch (error) {
  // A configuration mistake is one clear line, not a stack trace.
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
