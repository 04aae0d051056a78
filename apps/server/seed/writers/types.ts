import type { SeedRow, SeedTable } from '../tables';

/**
 * The one thing that differs per database during a seed: how rows reach the disk fast. Each
 * dialect has its own writer (Kysely's own insert builder is far too slow for a million rows),
 * and everything else in the seed stays dialect-free.
 */
export interface SeedWriter {
  /**
   * Deletes every account, profile, project, application and message, and what the accounts
   * own by cascade (sessions, email tokens, their analytics events).
   */
  clearSeededTables(): Promise<void>;
  /** Writes rows of one table, in one or more transactions; parents must be written first. */
  insertRows<T extends SeedTable>(table: T, rows: readonly SeedRow<T>[]): Promise<void>;
  /**
   * When the table is empty, drops its secondary indexes and answers how to build them again:
   * one sorted build after a bulk load is several times faster than keeping every index up to
   * date row by row. Answers a no-op when the table already holds rows.
   */
  deferIndexes(table: SeedTable): Promise<() => Promise<void>>;
  /** Leaves the database ready to serve: statistics, checkpoints. */
  finish(): Promise<void>;
  close(): Promise<void>;
}
