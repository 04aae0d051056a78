import { hasSchoolEmailSuffix } from '@campuscollab/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCampus, type SeedSummary } from '../../seed/seed-campus';
import type { SeedRow, SeedTable } from '../../seed/tables';
import { verifyPassword } from '../../src/lib/passwords';
import { DIALECTS, createTestDatabase, type TestDatabase } from '../helpers/test-database';

const CAMPUS = { users: 300, projects: 200, messages: 2000, seed: 42 };
const NOW = new Date('2026-03-01T00:00:00.000Z');

describe.each(DIALECTS)('seedCampus on %s', (kind) => {
  let database: TestDatabase;
  let summary: SeedSummary;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    summary = await seedCampus(database, { ...CAMPUS, now: NOW });
  });
  afterAll(() => database.drop());

  // Raw SQL: Kysely cannot type one query builder over a union of tables.
  const selectAll = async <T extends SeedTable>(table: T): Promise<SeedRow<T>[]> =>
    (await sql<SeedRow<T>>`select * from ${sql.table(table)} order by id`.execute(database.db))
      .rows;

  it('writes the requested number of rows, and reports them', async () => {
    const count = async (table: SeedTable) => (await selectAll(table)).length;
    expect(await count('auth_accounts')).toBe(300);
    expect(await count('users')).toBe(300);
    expect(await count('projects')).toBe(200);
    expect(await count('messages')).toBe(2000);
    expect(await count('applications')).toBe(summary.applications);
    expect(summary.applications).toBeGreaterThan(200);
    expect(summary).toMatchObject({ users: 300, projects: 200, messages: 2000 });
    // Each profile's university and referrer are fixed for good, as the table API fixes them.
    const firstProfiles = await sql<{ rows: number }>`select count(*) as rows from first_profiles
      join users on users.user_id = first_profiles.account_id
      and users.university = first_profiles.university`.execute(database.db);
    expect(Number(firstProfiles.rows[0]!.rows)).toBe(300);
  });

  it('makes verified accounts with unique school emails and the printed password', async () => {
    const accounts = await selectAll('auth_accounts');
    expect(new Set(accounts.map((account) => account.email)).size).toBe(accounts.length);
    expect(accounts.every((account) => hasSchoolEmailSuffix(account.email))).toBe(true);
    expect(accounts.every((account) => account.email_verified_at !== null)).toBe(true);
    expect(await verifyPassword(summary.password, accounts[0]!.password_hash)).toBe(true);
  });

  it('gives every profile a unique, well-formed referral code and a consistent referral count', async () => {
    const users = await selectAll('users');
    const codes = users.map((user) => user.referral_code);
    expect(new Set(codes).size).toBe(users.length);
    for (const code of codes) expect(code).toMatch(/^[a-z\p{L}\p{N}]{1,5}\d{3,}$/u);
    const referred = users.filter((user) => user.referred_by !== null);
    expect(referred.length / users.length).toBeGreaterThan(0.15);
    for (const user of users) {
      const referrals = users.filter((other) => other.referred_by === user.referral_code);
      expect(user.referral_count).toBe(referrals.length);
      // Classmates refer classmates.
      for (const other of referrals) expect(other.university).toBe(user.university);
    }
    expect(new Set(users.map((user) => user.university)).size).toBeGreaterThan(20);
  });

  it('spreads students over campuses of very different sizes', async () => {
    const sizes = new Map<string, number>();
    for (const user of await selectAll('users')) {
      sizes.set(user.university, (sizes.get(user.university) ?? 0) + 1);
    }
    const [biggest = 0, ...rest] = [...sizes.values()].sort((a, b) => b - a);
    // The first campus holds about a fifth: at 1,000 students, enough for a full leaderboard.
    expect(biggest / 300).toBeGreaterThan(0.15);
    expect(biggest / 300).toBeLessThan(0.3);
    expect(Math.min(...rest)).toBeLessThan(biggest / 10);
  });

  it('copies the poster onto each project and keeps applications off one own project', async () => {
    const users = new Map((await selectAll('users')).map((user) => [user.user_id, user]));
    for (const project of await selectAll('projects')) {
      const poster = users.get(project.posted_by_id);
      expect(poster).toBeDefined();
      expect([project.posted_by, project.university, project.city]).toEqual([
        poster?.name,
        poster?.university,
        poster?.city,
      ]);
    }
    const projects = new Map((await selectAll('projects')).map((project) => [project.id, project]));
    const applications = await selectAll('applications');
    const pairs = applications.map(
      (application) => `${application.project_id}/${application.applicant_id}`,
    );
    expect(new Set(pairs).size).toBe(applications.length);
    for (const application of applications) {
      expect(application.applicant_id).not.toBe(projects.get(application.project_id)?.posted_by_id);
      expect(['Pending', 'Accepted', 'Declined']).toContain(application.status);
    }
  });

  it('sends messages between two different real accounts, some unread', async () => {
    const accountIds = new Set((await selectAll('auth_accounts')).map((account) => account.id));
    const messages = await selectAll('messages');
    for (const message of messages) {
      expect(message.sender_id).not.toBe(message.recipient_id);
      expect(accountIds.has(message.sender_id) && accountIds.has(message.recipient_id)).toBe(true);
      expect(message.subject.length).toBeLessThanOrEqual(100);
      expect(message.message.length).toBeLessThanOrEqual(500);
      expect(message.created_at <= NOW.toISOString()).toBe(true);
    }
    const unread = messages.filter((message) => message.read_status === 0).length;
    expect(unread / messages.length).toBeGreaterThan(0.2);
    expect(unread / messages.length).toBeLessThan(0.4);
  });

  it('leaves messages with every index its migrations made, though it builds them after the rows', async () => {
    const indexesOf = async (db: TestDatabase['db']) => {
      const listed =
        kind === 'sqlite'
          ? await sql<{ name: string; definition: string | null }>`select name, sql as definition
              from sqlite_master where type = 'index' and tbl_name = 'messages'`.execute(db)
          : await sql<{ name: string; definition: string }>`select indexname as name,
              indexdef as definition from pg_indexes where tablename = 'messages'
              and schemaname = current_schema()`.execute(db);
      return listed.rows.sort((a, b) => a.name.localeCompare(b.name));
    };
    const migrated = await createTestDatabase(kind);
    try {
      const expected = await indexesOf(migrated.db);
      expect(expected.length).toBeGreaterThan(2);
      expect(await indexesOf(database.db)).toEqual(expected);
    } finally {
      await migrated.drop();
    }
  });

  it('seeds the same campus again from the same seed, after a reset', async () => {
    const firstRows = async () => ({
      users: (await selectAll('users')).slice(0, 5),
      projects: (await selectAll('projects')).slice(0, 5),
      messages: (await selectAll('messages')).slice(0, 5),
    });
    const before = await firstRows();
    const again = await seedCampus(database, { ...CAMPUS, now: NOW, reset: true });
    expect(again.applications).toBe(summary.applications);
    expect(await firstRows()).toEqual(before);
  });
});
