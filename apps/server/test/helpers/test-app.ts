import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp, type BuildAppOptions } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { DatabaseKind, OpenOptions } from '../../src/db/dialects/types';
import { freePort } from './postgres-cluster';
import { createTestDatabase, type TestDatabase } from './test-database';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
export const TEST_SERVICE_KEY = 'test-service-key-with-at-least-32-characters';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** http://127.0.0.1:PORT, the server really listening. */
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The real server on a real port, on a fresh database of the given kind. Rate limits are
 * generous unless a test lowers them; emails go to the dev outbox unless `SMTP_URL` is given.
 */
export async function startTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  databaseOptions: OpenOptions = {},
  logger: FastifyBaseLogger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  /** Another app's database, for a second instance of one deployment; left open on close. */
  shared?: TestDatabase,
): Promise<TestApp> {
  if (shared) return startTestAppOn(shared, { env, logger });
  const database = await createTestDatabase(kind, databaseOptions);
  const started = await startTestAppOn(database, { env, logger });
  return {
    ...started,
    async close() {
      await started.close();
      await database.drop();
    },
  };
}

/**
 * Another server on `first`'s database and PUBLIC_URL (tokens name it as their issuer), as when
 * several servers run behind one load balancer: an account made through one is signed in on
 * all. It listens on a port of its own; closing it leaves the database to `first`.
 */
export function startTestAppBeside(
  first: TestApp,
  env: Record<string, string> = {},
  logger?: FastifyBaseLogger,
): Promise<TestApp> {
  return startTestAppOn(first.database, {
    env: { PUBLIC_URL: first.config.publicUrl, ...env },
    logger,
  });
}

export interface TestAppOnOptions {
  env?: Record<string, string>;
  logger?: FastifyBaseLogger;
  cluster?: BuildAppOptions['cluster'];
}

/**
 * The real server on a database the caller made and drops: several of these on one PostgreSQL
 * database are the instances of one deployment. Closing it leaves the database.
 */
export async function startTestAppOn(
  database: TestDatabase,
  options: TestAppOnOptions = {},
): Promise<TestApp> {
  // Stored files and generated secrets go to a folder of the test's own, never the repository.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'campuscollab-data-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    SERVICE_KEY: TEST_SERVICE_KEY,
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    AUTH_EMAIL_RATE_LIMIT_PER_HOUR: '10000',
    REFRESH_RATE_LIMIT_PER_MINUTE: '10000',
    // Retries of queued emails (PostgreSQL with SMTP_URL) come back within the test.
    EMAIL_POLL_SECONDS: '0.5',
    EMAIL_RETRY_DELAY_SECONDS: '1',
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    ownsDatabase: false,
    jwtSecret: TEST_JWT_SECRET,
    logger: options.logger ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    webDistDir: '/nonexistent',
    cluster: options.cluster,
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    database,
    config,
    baseUrl,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** A JSON request over real HTTP; the body is parsed when there is one. */
export async function request<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: string } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.raw;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  } else if (options.raw !== undefined) {
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers,
    body,
    redirect: 'manual',
  });
  const text = await response.text();
  const parsed =
    text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  return { status: response.status, headers: response.headers, body: parsed as T };
}
