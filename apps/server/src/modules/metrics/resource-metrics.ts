import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../../db/dialects/types';
import type { Database } from '../../db/schema';
import type { AppMetrics } from './app-metrics';

/**
 * The database pool's use, when the database has a pool (PostgreSQL): connections waiting
 * above zero mean requests queue for the database.
 */
export function observeDatabasePool(metrics: AppMetrics, database: DatabaseHandle): void {
  const poolUse = database.poolUse?.bind(database);
  if (!poolUse) return;
  metrics.gaugeOnScrape(
    'campuscollab_db_pool_connections',
    'Database connections open in the pool, idle or busy',
    () => poolUse().total,
  );
  metrics.gaugeOnScrape(
    'campuscollab_db_pool_idle_connections',
    'Database connections open and idle',
    () => poolUse().idle,
  );
  metrics.gaugeOnScrape(
    'campuscollab_db_pool_waiting_queries',
    'Queries waiting for a database connection',
    () => poolUse().waiting,
  );
}

/**
 * Emails kept in the outbox table instead of sent, when SMTP_URL is unset (modules/email): in
 * production a rising count means students are not getting their emails.
 */
export function observeEmailOutbox(metrics: AppMetrics, db: Kysely<Database>): void {
  metrics.gaugeOnScrape(
    'campuscollab_email_outbox_emails',
    'Emails kept in the outbox table because no SMTP server is configured',
    async () => {
      const row = await db
        .selectFrom('email_outbox')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  );
}
