/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type */
import { sql, type Kysely } from 'kysely';

/**
 * The entities of docs/product.md §3. Every person reference holds the auth account id and
 * cascades on delete, so deleting an account erases everything it owns in one statement.
 * Indexes follow the queries of docs/product.md §7.2; ids trail each sort key so keyset pages are
 * read straight from the index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) =>
      col.notNull().unique().references('auth_accounts.id').onDelete('cascade'),
    )
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('university', 'text', (col) => col.notNull())
    .addColumn('city', 'text')
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('Student'))
    .addColumn('skills', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('interests', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('referral_code', 'text', (col) => col.notNull().unique())
    .addColumn('referred_by', 'text')
    .addColumn('referral_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('bio', 'text')
    .addColumn('profile_picture', 'text')
    .addColumn('instagram_handle', 'text')
    .addColumn('linkedin_url', 'text')
    .addColumn('contact_email', 'text')
    .addColumn('portfolio_link', 'text')
    .addColumn('email_notifications', 'text', (col) => col.notNull().defaultTo('1'))
    .addColumn('project_notifications', 'text', (col) => col.notNull().defaultTo('1'))
    .addColumn('collaboration_notifications', 'text', (col) => col.notNull().defaultTo('1'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // Leaderboard: users where university, order by referral_count desc, limit 100.
  await db.schema
    .createIndex('users_leaderboard_idx')
    .on('users')
    .columns(['university', 'referral_count desc', 'created_at', 'id'])
    .execute();
  // Collaborators: users ordered by created_at desc.
  await db.schema
    .createIndex('users_recent_idx')
    .on('users')
    .columns(['created_at desc', 'id desc'])
    .execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('timeline', 'text')
    .addColumn('skills_needed', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('posted_by_id', 'text', (col) =>
      col.notNull().references('auth_accounts.id').onDelete('cascade'),
    )
    .addColumn('posted_by', 'text')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('Open'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // Explore: projects where status = 'Open' ordered by created_at desc.
  await db.schema
    .createIndex('projects_status_recent_idx')
    .on('projects')
    .columns(['status', 'created_at desc', 'id desc'])
    .execute();
  // Dashboard and ownership checks: one's own projects.
  await db.schema
    .createIndex('projects_owner_idx')
    .on('projects')
    .columns(['posted_by_id', 'status'])
    .execute();

  await db.schema
    .createTable('applications')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('project_id', 'text', (col) =>
      col.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('applicant_id', 'text', (col) =>
      col.notNull().references('auth_accounts.id').onDelete('cascade'),
    )
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('Pending'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('applications_project_applicant_key', ['project_id', 'applicant_id'])
    .execute();
  await db.schema
    .createIndex('applications_applicant_idx')
    .on('applications')
    .columns(['applicant_id', 'status'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('sender_id', 'text', (col) =>
      col.notNull().references('auth_accounts.id').onDelete('cascade'),
    )
    .addColumn('recipient_id', 'text', (col) =>
      col.notNull().references('auth_accounts.id').onDelete('cascade'),
    )
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('read_status', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // Inbox: messages where recipient_id ordered by created_at desc.
  await db.schema
    .createIndex('messages_inbox_idx')
    .on('messages')
    .columns(['recipient_id', 'created_at desc', 'id desc'])
    .execute();
  // Sent messages, and the cascade when a sender's account is deleted.
  await db.schema
    .createIndex('messages_sent_idx')
    .on('messages')
    .columns(['sender_id', 'created_at desc'])
    .execute();
  // Unread badge: count of unread messages for one recipient, without reading every row.
  await db.schema
    .createIndex('messages_unread_idx')
    .on('messages')
    .columns(['recipient_id', 'read_status'])
    .where(sql.ref('read_status'), '=', 0)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['messages', 'applications', 'projects', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
