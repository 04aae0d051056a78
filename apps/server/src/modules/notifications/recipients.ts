import type { ExpressionBuilder, Kysely } from 'kysely';
import type { CompiledQueries } from '../../db/compiled-queries/compiled-queries';
import { defineQuery } from '../../db/compiled-queries/define-query';
import type { Database } from '../../db/schema';

/** The three switches of Settings > Notification preferences (docs/product.md §2.16). */
export type NotificationPreference =
  'email_notifications' | 'project_notifications' | 'collaboration_notifications';

/** What an email about an event needs: whom to write, whether they want it, whom it names. */
export interface EmailFacts {
  /** The account's address: verified at sign-up, unlike the profile's free-text contact email. */
  email: string;
  wantsEmail: boolean;
  /** The profile name of the student the email is about; null without one. */
  profileName: string | null;
  /** The title of the project the email is about; null when it names none or it is gone. */
  projectTitle: string | null;
}

/**
 * docs/product.md §5.9: each flag is text '1' or '0', read as a number and on when above 0; a
 * student without a profile row yet has the defaults, which are all on.
 */
export function isPreferenceOn(flag: string | null | undefined): boolean {
  if (flag === null || flag === undefined) return true;
  return Number(flag) > 0;
}

type RecipientRow = ExpressionBuilder<Database, 'auth_accounts' | 'users'>;

const profileName = (eb: RecipientRow, accountId: string) =>
  eb
    .selectFrom('users as named')
    .select('named.name')
    .where('named.user_id', '=', accountId)
    .as('profile_name');

const projectTitle = (eb: RecipientRow, projectId: string) =>
  eb
    .selectFrom('projects')
    .select('projects.title')
    .where('projects.id', '=', projectId)
    .as('project_title');

/**
 * Each email's facts come in one query: the recipient's address and switch, with the name and
 * title it mentions as columns beside them. Every message and application sends one, so on
 * PostgreSQL each lookup folded in is a round trip fewer per write (decision 022). The switch is
 * part of the SQL, so each kind of email has its own query, compiled once.
 */
const recipient = (db: Kysely<Database>, accountId: string) =>
  db
    .selectFrom('auth_accounts')
    .leftJoin('users', 'users.user_id', 'auth_accounts.id')
    .where('auth_accounts.id', '=', accountId);

const messageEmailQuery = defineQuery((db, [recipientId, senderId]: [string, string]) =>
  recipient(db, recipientId).select((eb) => [
    'auth_accounts.email',
    'users.email_notifications as flag',
    profileName(eb, senderId),
  ]),
);

const applicationEmailQuery = defineQuery(
  (db, [ownerId, applicantId, projectId]: [string, string, string]) =>
    recipient(db, ownerId).select((eb) => [
      'auth_accounts.email',
      'users.project_notifications as flag',
      profileName(eb, applicantId),
      projectTitle(eb, projectId),
    ]),
);

const decisionEmailQuery = defineQuery((db, [applicantId, projectId]: [string, string]) =>
  recipient(db, applicantId).select((eb) => [
    'auth_accounts.email',
    'users.collaboration_notifications as flag',
    projectTitle(eb, projectId),
  ]),
);

interface FactsRow {
  email: string;
  flag: string | null;
  profile_name?: string | null;
  project_title?: string | null;
}

/** The row's facts; null when the recipient's account is gone. */
function factsOf(row: FactsRow | undefined): EmailFacts | null {
  if (!row) return null;
  return {
    email: row.email,
    wantsEmail: isPreferenceOn(row.flag),
    profileName: row.profile_name?.trim() ? row.profile_name : null,
    projectTitle: row.project_title ?? null,
  };
}

/** A new message's email: its recipient, and the sender's name. */
export async function findMessageEmailFacts(
  queries: CompiledQueries,
  message: { recipientId: string; senderId: string },
): Promise<EmailFacts | null> {
  const [row] = await queries.rows(messageEmailQuery, [message.recipientId, message.senderId]);
  return factsOf(row);
}

/** A new application's email: the project's owner, the applicant's name and the title. */
export async function findApplicationEmailFacts(
  queries: CompiledQueries,
  application: { ownerId: string; applicantId: string; projectId: string },
): Promise<EmailFacts | null> {
  const { ownerId, applicantId, projectId } = application;
  const [row] = await queries.rows(applicationEmailQuery, [ownerId, applicantId, projectId]);
  return factsOf(row);
}

/** A decision's email: the applicant, and the project's title. */
export async function findDecisionEmailFacts(
  queries: CompiledQueries,
  decision: { applicantId: string; projectId: string },
): Promise<EmailFacts | null> {
  const [row] = await queries.rows(decisionEmailQuery, [decision.applicantId, decision.projectId]);
  return factsOf(row);
}
