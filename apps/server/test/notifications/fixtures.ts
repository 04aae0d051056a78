import { randomUUID } from 'node:crypto';
import type { TokenSet } from '@campuscollab/shared';
import { verifyThroughLink } from '../helpers/email-links';
import { firstLink, type SmtpSink } from '../helpers/smtp-sink';
import { request, type TestApp } from '../helpers/test-app';

export type Account = TokenSet & { user: { id: string; email: string } };

/**
 * createVerifiedAccount reads the dev outbox; with SMTP_URL set the verification email goes to
 * the sink instead, so this follows the link from there and chooses the password on its page.
 */
export async function createAccountThroughSink(
  server: TestApp,
  sink: SmtpSink,
  email: string,
  password = 'correct-horse-battery',
): Promise<Account> {
  const signup = await request(server.baseUrl, 'POST', '/api/auth/signup', {
    body: { email, password },
  });
  if (signup.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signup.body)}`);
  const mail = await sink.waitFor(email, (received) => received.subject.includes('Verify'));
  const verified = await verifyThroughLink(server.baseUrl, firstLink(mail), password);
  if (verified.status !== 200) {
    throw new Error(`verification failed: ${JSON.stringify(verified.body)}`);
  }
  return verified.body;
}

type Flag = '1' | '0';

/** A profile row as the web app's complete-profile page would create it; flags default on. */
export async function insertProfile(
  server: TestApp,
  account: Account,
  profile: {
    name: string;
    email_notifications?: Flag;
    project_notifications?: Flag;
    collaboration_notifications?: Flag;
  },
): Promise<void> {
  const now = new Date().toISOString();
  await server.database.db
    .insertInto('users')
    .values({
      id: `user_${account.user.id}`,
      user_id: account.user.id,
      email: account.user.email,
      university: 'MIT',
      role: 'Student',
      referral_code: `code${account.user.id.slice(0, 8)}`,
      created_at: now,
      updated_at: now,
      ...profile,
    })
    .execute();
}

export async function setPreference(
  server: TestApp,
  account: Account,
  flags: Partial<
    Record<'email_notifications' | 'project_notifications' | 'collaboration_notifications', Flag>
  >,
): Promise<void> {
  await server.database.db
    .updateTable('users')
    .set(flags)
    .where('user_id', '=', account.user.id)
    .execute();
}

/** Emails the sink has received for one address. */
export function emailsTo(sink: SmtpSink, address: string) {
  return sink.emails.filter((email) => email.to.includes(address.toLowerCase()));
}

export type RowInserters = ReturnType<typeof createRowInserters>;

/** Rows as the database API will store them, returned whole, as the domain events carry them. */
export function createRowInserters(server: TestApp) {
  const db = server.database.db;
  const now = () => new Date().toISOString();
  return {
    insertMessage: (from: Account, to: Account, subject: string) =>
      db
        .insertInto('messages')
        .values({
          id: `msg_${randomUUID()}`,
          sender_id: from.user.id,
          recipient_id: to.user.id,
          subject,
          message: `Hello <b>there</b>, ${'long '.repeat(100)}`,
          created_at: now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    insertProject: (owner: Account, title: string) =>
      db
        .insertInto('projects')
        .values({
          id: randomUUID(),
          title,
          description: 'A project',
          posted_by_id: owner.user.id,
          posted_by: 'A student',
          created_at: now(),
          updated_at: now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    insertApplication: (projectId: string, applicant: Account, status = 'Pending') =>
      db
        .insertInto('applications')
        .values({
          id: randomUUID(),
          project_id: projectId,
          applicant_id: applicant.user.id,
          message: 'I would like to join this project!',
          status,
          created_at: now(),
          updated_at: now(),
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
  };
}
