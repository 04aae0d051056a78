/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type */
import type { Kysely } from 'kysely';

/**
 * Realtime history (docs/realtime-protocol.md): each channel's newest messages, so a client that
 * reconnects catches up. sender_id has no foreign key: server-sent events have none, and a
 * still-valid token of a just-deleted account must not turn a publish into a 500; the realtime
 * module erases a deleted account's rows itself.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('realtime_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('sender_id', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // History pages (newest first, keyset on created_at then id) and the per-channel trim.
  await db.schema
    .createIndex('realtime_messages_channel_recent_idx')
    .on('realtime_messages')
    .columns(['channel', 'created_at desc', 'id desc'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('realtime_messages').execute();
}
