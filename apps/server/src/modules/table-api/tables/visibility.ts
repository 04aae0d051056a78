import { expressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Database } from '../../../db/schema';
import type { ReadingUser, TableExpressions } from './types';

/**
 * What every read policy about people shares (docs/security.md, safety): a block hides each
 * student from the other, in both directions, and an operator's hide leaves a row to its owner.
 * Other queries that list people or projects (recommendations) build on these, so they inherit
 * both rules from this one place.
 */

/**
 * The two directions of a block between the account in `personColumn` (a qualified column, e.g.
 * 'projects.posted_by_id') and `userId`: one EXISTS each, so each is a lookup in its own index
 * (migration 020); `userId` is only ever bound as a value.
 */
const blockDirections = (eb: TableExpressions, personColumn: string, userId: string) => [
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
];

/** True when the person and `userId` are in a block, whoever blocked whom. */
export const inBlockWith = (
  eb: TableExpressions,
  personColumn: string,
  userId: string,
): Expression<SqlBool> => eb.or(blockDirections(eb, personColumn, userId));

/**
 * The negation, as read policies use it: two ANDed NOT EXISTS rather than NOT over an OR, so
 * PostgreSQL turns each into an anti-join and estimates the rows left as the rows read. Under NOT
 * of an OR it counted each EXISTS as removing half the rows, planned a search for a quarter of
 * what it finds, and read a whole campus and sorted it instead of walking the newest-first index
 * to the first page (docs/decisions/022-performance-second-round.md).
 *
 * For a reader known to be in no block (`inNoBlock`, from `inAnyBlock` below) there is nothing
 * to check: a ranking then spares each of its candidates the two lookups.
 */
export const notInBlockWith = (
  eb: TableExpressions,
  personColumn: string,
  user: ReadingUser,
): Expression<SqlBool> =>
  user.inNoBlock
    ? eb.lit(true)
    : eb.and(blockDirections(eb, personColumn, user.id).map((direction) => eb.not(direction)));

/** True when `userId` blocks anyone or anyone blocks them: one lookup in each index. */
export function inAnyBlock(userId: string): Expression<SqlBool> {
  const eb = expressionBuilder<Database, never>();
  return eb.or([
    eb.exists(eb.selectFrom('blocks').select('blocks.id').where('blocks.blocker_id', '=', userId)),
    eb.exists(eb.selectFrom('blocks').select('blocks.id').where('blocks.blocked_id', '=', userId)),
  ]);
}

/** A row an operator has not hidden, or one the user owns (who still sees their own). */
export const notHiddenFrom = (
  eb: TableExpressions,
  table: string,
  ownerColumn: string,
  userId: string,
): Expression<SqlBool> =>
  eb.or([eb(`${table}.hidden_at`, 'is', null), eb(`${table}.${ownerColumn}`, '=', userId)]);
