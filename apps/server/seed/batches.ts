import type { SeedRow, SeedTable } from './tables';
import type { SeedWriter } from './writers/types';

/** Rows built and written at a time: large enough to amortise a commit, small enough for RAM. */
const BATCH_SIZE = 10_000;

export type ReportProgress = (table: SeedTable, done: number, total: number) => void;

/** Builds `total` rows of one table and writes them a batch per transaction. */
export async function writeInBatches<T extends SeedTable>(
  writer: SeedWriter,
  table: T,
  total: number,
  progress: ReportProgress,
  buildRow: (index: number) => SeedRow<T>,
): Promise<void> {
  await writeBatchesInOrder(total, (start, end) => {
    const rows: SeedRow<T>[] = [];
    for (let index = start; index < end; index++) rows.push(buildRow(index));
    return async () => {
      await writer.insertRows(table, rows);
      progress(table, end, total);
    };
  });
}

/**
 * Builds batch n+1 before waiting for batch n to be written, so PostgreSQL can work on one
 * while Node builds the other. Writes still run one at a time and in order, so parents land
 * before their children. (SQLite's writes are synchronous; there nothing overlaps.)
 */
export async function writeBatchesInOrder(
  total: number,
  buildBatch: (start: number, end: number) => () => Promise<void>,
): Promise<void> {
  let pending: Promise<void> = Promise.resolve();
  for (let start = 0; start < total; start += BATCH_SIZE) {
    const write = buildBatch(start, Math.min(start + BATCH_SIZE, total));
    await pending;
    pending = write();
    // The next await reports a failure; this stops it being flagged as unhandled meanwhile.
    pending.catch(() => {});
  }
  await pending;
}
