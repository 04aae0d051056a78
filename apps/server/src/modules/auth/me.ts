import type { AuthUser, UpdateMeBody } from '@campuscollab/shared';
import { ErrorCode } from '@campuscollab/shared';
import { HttpError } from '../../lib/http-error';
import { findAccountById, toAuthUser } from './accounts';
import type { AuthContext } from './context';

// A valid access token can outlive its account by up to 15 minutes; answer as if signed out.
const accountGone = () => new HttpError(401, ErrorCode.unauthorized, 'Account no longer exists');

export async function getMe(context: AuthContext, accountId: string): Promise<AuthUser> {
  const account = await findAccountById(context.database, accountId);
  if (!account) throw accountGone();
  return toAuthUser(account);
}

export async function updateMe(
  context: AuthContext,
  accountId: string,
  input: UpdateMeBody,
): Promise<AuthUser> {
  await context.database.db
    .updateTable('auth_accounts')
    .set({ display_name: input.displayName, updated_at: new Date().toISOString() })
    .where('id', '=', accountId)
    .execute();
  return getMe(context, accountId);
}

/**
 * Deletes the account. Every table that refers to a person cascades from auth_accounts, so the
 * profile, projects (and their applications), applications, messages sent and received and
 * sessions go in the same statement; other modules remove the rest on 'account.deleted'.
 */
export async function deleteMe(context: AuthContext, accountId: string): Promise<void> {
  const result = await context.database.db
    .deleteFrom('auth_accounts')
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (result.numDeletedRows === 0n) throw accountGone();
  // Awaited: what lives outside the database (stored files) is gone before we answer.
  await context.events.emit('account.deleted', { accountId });
}
