/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type */
import type { Kysely } from 'kysely';

/**
 * Verification links no longer carry the password of the sign-up that sent them: the owner of
 * the mailbox chooses it on the page the link opens (modules/auth/verify-email.ts). The stored
 * hashes were chosen by whoever signed up, mailbox owner or not, so they go, and so do the
 * passwords of accounts still unverified: none of them was ever proven to be the owner's.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('auth_accounts')
    // 'none' is modules/auth/accounts.ts's NO_PASSWORD: not a hash, so nothing matches it.
    .set({ password_hash: 'none' })
    .where('email_verified_at', 'is', null)
    .execute();
  await db.schema.alterTable('auth_email_tokens').dropColumn('password_hash').execute();

  // The passwords sign-ups chose, kept apart from any account password: they only let their
  // signer be told to verify the address (modules/auth/signup-attempts.ts).
  await db.schema
    .createTable('auth_signup_attempts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'text', (col) =>
      col.notNull().references('auth_accounts.id').onDelete('cascade'),
    )
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('auth_signup_attempts_account_idx')
    .on('auth_signup_attempts')
    .columns(['account_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auth_signup_attempts').execute();
  await db.schema.alterTable('auth_email_tokens').addColumn('password_hash', 'text').execute();
}
