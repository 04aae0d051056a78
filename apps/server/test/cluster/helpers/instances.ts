import pg from 'pg';
import { startTestAppOn, type TestApp } from '../../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database';

/**
 * Presence expiry short enough for a test to wait for it (30 s by default), and long enough that
 * a busy CI machine delaying a heartbeat does not expire a live instance's members mid-test.
 */
export const TEST_PRESENCE_EXPIRY_MS = 4_000;

export interface Instances {
  database: TestDatabase;
  apps: TestApp[];
  close(): Promise<void>;
}

/**
 * Several real servers on one fresh PostgreSQL database: the instances of one deployment. They
 * share PUBLIC_URL (the tokens' issuer), as instances behind one load balancer do; it is the
 * first one's address, so emailed links lead there.
 */
export async function startInstances(
  count: number,
  env: Record<string, string> = {},
): Promise<Instances> {
  const database = await createTestDatabase('postgres');
  const apps: TestApp[] = [];
  const cluster = { reconnectMinMs: 50 };
  for (let index = 0; index < count; index++) {
    const shared: Record<string, string> = apps[0] ? { PUBLIC_URL: apps[0].baseUrl } : {};
    const expiry = { PRESENCE_EXPIRY_MS: String(TEST_PRESENCE_EXPIRY_MS) };
    apps.push(await startTestAppOn(database, { env: { ...expiry, ...env, ...shared }, cluster }));
  }
  return {
    database,
    apps,
    async close() {
      for (const app of apps) await app.close();
      await database.drop();
    },
  };
}

/** Runs one query on a connection of its own, as an operator's psql would. */
export async function queryDirectly<T extends pg.QueryResultRow>(
  database: TestDatabase,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.location });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
