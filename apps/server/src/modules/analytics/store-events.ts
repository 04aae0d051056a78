import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { generateId } from '../../lib/tokens';
import type { AnalyticsEvent } from './event-schema';

/**
 * Stores one batch in one multi-row statement: a batch is kept or refused whole, and 100 rows
 * cost one round trip.
 */
export async function storeAnalyticsEvents(
  db: Kysely<Database>,
  events: AnalyticsEvent[],
  userId: string | null,
): Promise<number> {
  const receivedAt = new Date().toISOString();
  const rows = events.map((event) => ({
    id: generateId(),
    name: event.name,
    session_id: event.sessionId,
    user_id: userId === null ? null : ownerIfStillPresent(db, userId),
    properties: JSON.stringify(event.properties ?? {}),
    occurred_at: event.timestamp,
    received_at: receivedAt,
  }));
  await db.insertInto('analytics_events').values(rows).execute();
  return rows.length;
}

/**
 * The account may be deleted between the token check and this insert (or, seen from another
 * instance, up to 10 seconds before: decision 016). Reading the id inside the insert stores
 * such events as anonymous instead of failing on the foreign key.
 */
function ownerIfStillPresent(db: Kysely<Database>, userId: string) {
  return db.selectFrom('auth_accounts').select('id').where('id', '=', userId);
}
