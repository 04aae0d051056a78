/**
 * `@campuscollab/server/testing`: the one door other workspaces use to run the real server
 * outside it. The server otherwise stands apart and nothing imports it (docs/architecture.md
 * §1); the SDK's integration tests and the benchmark still need a real server and a real
 * database, so they take them from here, and ESLint lets them import nothing else of the server
 * (`eslint.config.js`). Everything here is the server's own code, re-exported; the app never
 * imports this file.
 */
// The server's test helpers read the PostgreSQL address with `inject('postgresUrl')`. The
// server's global setup declares that key, but it is not part of a caller's program, so the
// declaration travels with this entry (the SDK's tests only ever start SQLite).
declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the PostgreSQL server the tests create their databases on. */
    postgresUrl: string;
  }
}

// For the SDK's integration tests (docs/architecture.md §7): the real server listening on a
// free port over a fresh database, and an account signed up and verified through the dev outbox.
export { startTestApp, type TestApp } from '../test/helpers/test-app';
export { createVerifiedAccount } from '../test/helpers/accounts';

// For the benchmark (bench/): open, migrate and seed either database, then build the app on it
// with a configuration of its own.
export { buildApp } from './app';
export { loadConfig } from './config';
export { openPostgres } from './db/dialects/postgres';
export { openSqlite } from './db/dialects/sqlite';
export type { DatabaseHandle, DatabaseKind } from './db/dialects/types';
export { migrateToLatest } from './db/migrate';
export { seedCampus } from '../seed/seed-campus';
// A throwaway PostgreSQL cluster, kept durable when the benchmark measures on it.
export { startPostgresCluster, type PostgresCluster } from '../test/helpers/postgres-cluster';

// For the SDK's tests and the web app's end-to-end setup: an OpenAI-compatible provider to
// point AI_BASE_URL at, so the AI endpoints run for real without a model.
export {
  startFakeAiProvider,
  type FakeAiOptions,
  type FakeAiProvider,
  type FakeAiRequest,
} from '../test/helpers/fake-ai-provider';
