import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAdvisoryLocks, type AdvisoryLocks } from '../../src/lib/cluster-locks';
import { createEmptyPostgresDatabase, type EmptyPostgresDatabase } from '../helpers/test-database';
import { waitUntil } from '../jobs/wait-until';

/** A promise and the function that settles it: work that ends when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/**
 * The locks the storage quota takes across instances (docs/architecture.md §4.3): each `locks`
 * below is one instance's pool, and PostgreSQL is the only thing they share.
 */
describe('advisory locks held over slow work, on PostgreSQL', () => {
  let database: EmptyPostgresDatabase;
  let observer: pg.Client;
  const pools: AdvisoryLocks[] = [];
  const instance = (max = 2) => {
    const locks = createAdvisoryLocks(database.url, { max });
    pools.push(locks);
    return locks;
  };
  /** Backends holding (granted) or waiting for (not granted) an advisory lock. */
  const advisory = async (granted: boolean) => {
    const { rows } = await observer.query<{ pid: number }>(
      `select pid from pg_locks
       where locktype = 'advisory' and granted = $1 and database = (
         select oid from pg_database where datname = current_database())`,
      [granted],
    );
    return rows.map((row) => row.pid);
  };

  beforeAll(async () => {
    database = await createEmptyPostgresDatabase();
    observer = new pg.Client({ connectionString: database.url });
    await observer.connect();
  });
  afterEach(async () => {
    for (const locks of pools.splice(0)) await locks.close();
  });
  afterAll(async () => {
    await observer?.end();
    await database?.drop();
  });

  it('makes a holder on another instance wait until the work ends, then runs its own', async () => {
    const [one, two] = [instance(), instance()];
    const steps: string[] = [];
    const firstMayEnd = gate();
    const first = one.withLock('storage-quota:ada', async () => {
      steps.push('first starts');
      await firstMayEnd.opened;
      steps.push('first ends');
      return 'first';
    });
    await waitUntil('the first holds the lock', async () => (await advisory(true)).length === 1);
    const second = two.withLock('storage-quota:ada', async () => {
      steps.push('second starts');
      return 'second';
    });
    await waitUntil('the second waits', async () => (await advisory(false)).length === 1);
    expect(steps).toEqual(['first starts']);

    firstMayEnd.open();
    expect(await first).toBe('first');
    expect(await second).toBe('second');
    expect(steps).toEqual(['first starts', 'first ends', 'second starts']);
    // Both freed, their connections kept for the next lock.
    expect(await advisory(true)).toEqual([]);
  });

  it('never makes different names wait for each other', async () => {
    const [one, two] = [instance(), instance()];
    const adaMayEnd = gate();
    const ada = one.withLock('storage-quota:ada', () => adaMayEnd.opened);
    await waitUntil('ada holds her lock', async () => (await advisory(true)).length === 1);
    expect(await two.withLock('storage-quota:bob', async () => 'bob wrote')).toBe('bob wrote');
    adaMayEnd.open();
    await ada;
  });

  it('frees the lock when the work fails, and passes the failure on', async () => {
    const [one, two] = [instance(1), instance()];
    await expect(
      one.withLock('storage-quota:ada', async () => {
        throw new Error('the bucket refused');
      }),
    ).rejects.toThrow('the bucket refused');
    expect(await advisory(true)).toEqual([]);
    expect(await two.withLock('storage-quota:ada', async () => 'taken')).toBe('taken');
    // The one connection of `one` went back to its pool: it can lock again.
    expect(await one.withLock('storage-quota:ada', async () => 'again')).toBe('again');
  });

  it('survives losing its session mid-work, and the next lock takes a new one', async () => {
    const one = instance(1);
    const [holder, written] = await Promise.all([
      (async () => {
        await waitUntil('the lock is held', async () => (await advisory(true)).length === 1);
        const [pid] = await advisory(true);
        await observer.query('select pg_terminate_backend($1)', [pid]);
        return pid;
      })(),
      one.withLock('storage-quota:ada', async () => {
        // The session ends while the work runs; the work finishes all the same.
        await waitUntil('the session is gone', async () => (await advisory(true)).length === 0);
        return 'written';
      }),
    ]);
    expect(written).toBe('written');
    const next = await one.withLock('storage-quota:ada', async () => advisory(true));
    expect(next).toHaveLength(1);
    expect(next).not.toContain(holder);
  });
});
