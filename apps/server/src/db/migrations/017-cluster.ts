/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type */
import type { Kysely } from 'kysely';

/**
 * What several instances on one PostgreSQL database share (docs/architecture.md §2.5). SQLite
 * gets the tables too, unused: one process coordinates itself in memory. Times are epoch
 * milliseconds of the database's clock, so instances whose clocks differ still agree.
 *
 * - cluster_messages: bus messages too big for a NOTIFY payload (8000 bytes), sent by id and
 *   pruned after a minute.
 * - realtime_presence: each instance's presence entries, kept fresh by its heartbeat; the rows
 *   of an instance that stopped heartbeating expire.
 * - rate_limits: request and amount counters in fixed windows, one row per limited key.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cluster_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();
  // Each pruning pass deletes by age; without these it would read the whole table every minute.
  await db.schema
    .createIndex('cluster_messages_created_idx')
    .on('cluster_messages')
    .column('created_at')
    .execute();
  await db.schema
    .createTable('realtime_presence')
    .addColumn('instance_id', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('member', 'text', (col) => col.notNull())
    .addColumn('heartbeat_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('realtime_presence_pkey', ['instance_id', 'channel', 'user_id'])
    .execute();
  // A channel's members (sync) and whether a student is still in it on another instance.
  await db.schema
    .createIndex('realtime_presence_channel_idx')
    .on('realtime_presence')
    .columns(['channel', 'user_id'])
    .execute();
  // The expiry sweep: rows whose instance stopped heartbeating.
  await db.schema
    .createIndex('realtime_presence_heartbeat_idx')
    .on('realtime_presence')
    .column('heartbeat_at')
    .execute();
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .addColumn('window_ends_at', 'bigint', (col) => col.notNull())
    // Whether the latest amount taken fitted: an upsert cannot return the row as it was before.
    .addColumn('taken', 'boolean', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limits_window_ends_idx')
    .on('rate_limits')
    .column('window_ends_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
  await db.schema.dropTable('realtime_presence').execute();
  await db.schema.dropTable('cluster_messages').execute();
}
