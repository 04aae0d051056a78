/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type */
import type { Kysely } from 'kysely';

/** Auth accounts, refresh-token sessions, one-time email tokens and the dev email outbox. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auth_accounts')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('display_name', 'text')
    .addColumn('email_verified_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'text', (col) =>
      col.notNull().references('auth_accounts.id').onDelete('cascade'),
    )
    .addColumn('family_id', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('rotated_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('auth_sessions_family_idx')
    .on('auth_sessions')
    .column('family_id')
    .execute();
  await db.schema
    .createIndex('auth_sessions_account_idx')
    .on('auth_sessions')
    .column('account_id')
    .execute();

  await db.schema
    .createTable('auth_email_tokens')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'text', (col) =>
      col.notNull().references('auth_accounts.id').onDelete('cascade'),
    )
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('auth_email_tokens_account_idx')
    .on('auth_email_tokens')
    .columns(['account_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('text_body', 'text', (col) => col.notNull())
    .addColumn('html_body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('email_outbox_recent_idx')
    .on('email_outbox')
    .columns(['created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('email_outbox_to_idx')
    .on('email_outbox')
    .columns(['to_address', 'created_at desc'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['email_outbox', 'auth_email_tokens', 'auth_sessions', 'auth_accounts']) {
    await db.schema.dropTable(table).execute();
  }
}
