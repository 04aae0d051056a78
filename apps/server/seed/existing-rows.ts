import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';

/** What a seed into a non-empty database must not repeat. */
export interface ExistingRows {
  emails: Set<string>;
  referralCodes: Set<string>;
  /** Rows per table; new serial numbers (and so new ids) start after them. */
  counts: { accounts: number; projects: number; applications: number; messages: number };
}

/** One query per table instead of one per seeded row. */
export async function loadExistingRows(db: Kysely<Database>): Promise<ExistingRows> {
  const emails = await db.selectFrom('auth_accounts').select('email').execute();
  const codes = await db.selectFrom('users').select('referral_code').execute();
  const countRows = async (table: 'projects' | 'applications' | 'messages') => {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  return {
    emails: new Set(emails.map((row) => row.email)),
    referralCodes: new Set(codes.map((row) => row.referral_code)),
    counts: {
      accounts: emails.length,
      projects: await countRows('projects'),
      applications: await countRows('applications'),
      messages: await countRows('messages'),
    },
  };
}
