import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineQuery } from '../../src/db/compiled-queries/define-query';
import { openPostgres } from '../../src/db/dialects/postgres';
import type { Database } from '../../src/db/schema';
import { createEmptyPostgresDatabase, type EmptyPostgresDatabase } from '../helpers/test-database';

/**
 * How each PostgreSQL pool sets up a new connection (dialects/postgres.ts). This file opens the
 * only pools of its process: pg warns once per process, so an earlier pool would hide it.
 */
describe('PostgreSQL connection set-up', () => {
  let empty: EmptyPostgresDatabase;

  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase();
  });
  afterAll(() => empty.drop());

  it('sets up each new connection before its first query, one statement at a time', async () => {
    // pg warns (and its next major version refuses) when a client is sent a query while another
    // is running, as connection set-up statements fired from the pool's connect event were.
    const warnings: string[] = [];
    const listen = (warning: Error) => warnings.push(warning.message);
    process.on('warning', listen);
    const fresh = openPostgres(empty.url);
    try {
      const price = (db: Kysely<Database>) =>
        db.selectNoFrom(sql<string>`current_setting('random_page_cost')`.as('price'));
      const prices = await Promise.all([
        ...Array.from({ length: 4 }, () =>
          fresh.compiledQueries.rows(
            defineQuery((db) => price(db)),
            [],
          ),
        ),
        ...Array.from({ length: 4 }, () => price(fresh.db).execute()),
      ]);
      expect(prices.flat().map((row) => row.price)).toEqual(Array(8).fill('1.1'));
      if (!fresh.countersDb) throw new Error('PostgreSQL keeps a pool for counters');
      const counters = await fresh.countersDb
        .selectNoFrom(sql<string>`current_setting('synchronous_commit')`.as('commit'))
        .execute();
      expect(counters).toEqual([{ commit: 'off' }]);
    } finally {
      await fresh.close();
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      process.off('warning', listen);
    }
    expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
  });
});
