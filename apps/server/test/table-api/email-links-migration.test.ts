/* eslint-disable @typescript-eslint/no-explicit-any -- the rows of the schema before migration 015 */
import { Migrator, type Kysely, type Migration } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate';
import { migrations } from '../../src/db/migrations';
import { hashPassword, verifyPassword } from '../../src/lib/passwords';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/test-database';

describe.each(DIALECTS)('migration 015 (links prove the mailbox) on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it('forgets every password no mailbox owner chose, and keeps verified ones', async () => {
    database = await createTestDatabase(kind);
    const db = database.db as unknown as Kysely<any>;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations as Record<string, Migration> },
    });
    // Back to just before 015, undoing the migrations after it as well.
    const down = await migrator.migrateTo('013-poster-names');
    expect(down.error).toBeUndefined();
    expect(down.results?.at(-1)).toMatchObject({
      migrationName: '015-email-links-prove-the-mailbox',
      status: 'Success',
    });

    // The attack as it stood: a stranger signed up first, so the unverified account held their
    // password, and their link carried it.
    const now = new Date().toISOString();
    const strangers = await hashPassword('strangers-password');
    const owners = await hashPassword('owners-password');
    await db
      .insertInto('auth_accounts')
      .values([
        {
          id: 'pending',
          email: 'pending@mit.edu',
          password_hash: strangers,
          created_at: now,
          updated_at: now,
        },
        {
          id: 'verified',
          email: 'verified@mit.edu',
          password_hash: owners,
          email_verified_at: now,
          created_at: now,
          updated_at: now,
        },
      ])
      .execute();
    await db
      .insertInto('auth_email_tokens')
      .values({
        id: 'link',
        account_id: 'pending',
        purpose: 'verify_email',
        token_hash: 'hash',
        password_hash: strangers,
        expires_at: now,
        created_at: now,
      })
      .execute();

    await migrateToLatest(db);

    const accounts = await db
      .selectFrom('auth_accounts')
      .select(['id', 'password_hash'])
      .orderBy('id')
      .execute();
    expect(accounts[0]).toEqual({ id: 'pending', password_hash: 'none' });
    expect(await verifyPassword('strangers-password', accounts[0]!.password_hash)).toBe(false);
    expect(await verifyPassword('owners-password', accounts[1]!.password_hash)).toBe(true);
    const link = await db.selectFrom('auth_email_tokens').selectAll().executeTakeFirstOrThrow();
    expect(link).toMatchObject({ id: 'link', account_id: 'pending', used_at: null });
    expect(link).not.toHaveProperty('password_hash');
  });
});
