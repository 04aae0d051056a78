/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type */
import { sql, type Kysely } from 'kysely';

/**
 * The unread badge's index covers every message, not only unread ones. SQLite may use a
 * partial index (`where read_status = 0`) for `read_status = ?` only after seeing the bound
 * value, so it prepared the count again on every request: three times the count's own cost.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_unread_idx').execute();
  await db.schema
    .createIndex('messages_unread_idx')
    .on('messages')
    .columns(['recipient_id', 'read_status'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('messages_unread_idx').execute();
  await db.schema
    .createIndex('messages_unread_idx')
    .on('messages')
    .columns(['recipient_id', 'read_status'])
    .where(sql.ref('read_status'), '=', 0)
    .execute();
}
