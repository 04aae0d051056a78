import type { CompiledQueries } from '../../db/compiled-queries/compiled-queries';
import { defineQuery, type FixedQuery } from '../../db/compiled-queries/define-query';

/** The three switches of Settings > Notification preferences (docs/product.md §2.16). */
export type NotificationPreference =
  'email_notifications' | 'project_notifications' | 'collaboration_notifications';

export interface NotificationRecipient {
  /** The account's address: verified at sign-up, unlike the profile's free-text contact email. */
  email: string;
  wantsEmail: boolean;
}

/**
 * docs/product.md §5.9: each flag is text '1' or '0', read as a number and on when above 0; a
 * student without a profile row yet has the defaults, which are all on.
 */
export function isPreferenceOn(flag: string | null | undefined): boolean {
  if (flag === null || flag === undefined) return true;
  return Number(flag) > 0;
}

/**
 * One query per preference: the column is part of the SQL, and each is compiled once (and, on
 * PostgreSQL, prepared once per connection), since every message and application looks one up.
 */
const recipientQueries = Object.fromEntries(
  (['email_notifications', 'project_notifications', 'collaboration_notifications'] as const).map(
    (preference) => [
      preference,
      defineQuery((db, [accountId]: [string]) =>
        db
          .selectFrom('auth_accounts')
          .leftJoin('users', 'users.user_id', 'auth_accounts.id')
          .select((eb) => ['auth_accounts.email', eb.ref(`users.${preference}`).as('flag')])
          .where('auth_accounts.id', '=', accountId),
      ),
    ],
  ),
) as Record<NotificationPreference, FixedQuery<[string], { email: string; flag: string | null }>>;

const profileNameQuery = defineQuery((db, [accountId]: [string]) =>
  db.selectFrom('users').select('name').where('user_id', '=', accountId),
);

const projectTitleQuery = defineQuery((db, [projectId]: [string]) =>
  db.selectFrom('projects').select('title').where('id', '=', projectId),
);

/** The account to email and whether it wants this kind of email; null if the account is gone. */
export async function findNotificationRecipient(
  queries: CompiledQueries,
  accountId: string,
  preference: NotificationPreference,
): Promise<NotificationRecipient | null> {
  const [row] = await queries.rows(recipientQueries[preference], [accountId]);
  if (!row) return null;
  return { email: row.email, wantsEmail: isPreferenceOn(row.flag) };
}

/** The profile name of an account, or null when it has no profile (yet). */
export async function findProfileName(
  queries: CompiledQueries,
  accountId: string,
): Promise<string | null> {
  const [row] = await queries.rows(profileNameQuery, [accountId]);
  return row?.name.trim() ? row.name : null;
}

export async function findProjectTitle(
  queries: CompiledQueries,
  projectId: string,
): Promise<string | null> {
  const [row] = await queries.rows(projectTitleQuery, [projectId]);
  return row?.title ?? null;
}
