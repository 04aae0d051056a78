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
  /** Leaves the database ready to serve: statistics, checkpoints. */
  finish(): Promise<void>;
  close(): Promise<void>;
}
