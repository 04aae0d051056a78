import type { Expression, SqlBool } from 'kysely';
import type { TableExpressions } from './types';

/**
 * What every read policy about people shares (docs/security.md, safety): a block hides each
 * student from the other, in both directions, and an operator's hide leaves a row to its owner.
 * Other queries that list people or projects (recommendations) build on these, so they inherit
 * both rules from this one place.
 */

/**
 * True when the account in `personColumn` (a qualified column, e.g. 'projects.posted_by_id')
 * and `userId` are in a block, whoever blocked whom. Two EXISTS, one per direction, so each is
 * a lookup in its own index (migration 020); `userId` is only ever bound as a value.
 */
export function inBlockWith(
  eb: TableExpressions,
  personColumn: string,
  userId: string,
): Expression<SqlBool> {
  return eb.or([
    eb.exists(
      eb
        .selectFrom('blocks')
        .select('blocks.id')
        .where('blocks.blocker_id', '=', userId)
        .whereRef('blocks.blocked_id', '=', personColumn),
    ),
    eb.exists(
      eb
        .selectFrom('blocks')
        .select('blocks.id')
        .where('blocks.blocked_id', '=', userId)
        .whereRef('blocks.blocker_id', '=', personColumn),
    ),
  ]);
}

/** The negation, as read policies use it. */
export const notInBlockWith = (eb: TableExpressions, personColumn: string, userId: string) =>
  eb.not(inBlockWith(eb, personColumn, userId));

/** A row an operator has not hidden, or one the user owns (who still sees their own). */
export const notHiddenFrom = (
  eb: TableExpressions,
  table: string,
  ownerColumn: string,
  userId: string,
): Expression<SqlBool> =>
  eb.or([eb(`${table}.hidden_at`, 'is', null), eb(`${table}.${ownerColumn}`, '=', userId)]);
