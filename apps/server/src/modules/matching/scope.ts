import { sql, type Expression, type SqlBool } from 'kysely';
import type { DatabaseHandle } from '../../db/dialects/types';
import type { TableExpressions } from '../table-api/tables/types';
import type { MatchQuery } from './match-query';

/** Where the recommending student stands: their profile's id and campus, or no profile. */
export interface Me {
  accountId: string;
  profileId: string | null;
  university: string | null;
  city: string | null;
}

/**
 * The scope filter of docs/product.md §2.9 and §2.11 on a table with `university` and `city`.
 * Each choice widens the last: my university, then my university or my city, then everyone.
 * Without a profile there is no campus, so only "all" finds anyone.
 */
export function inScope(
  eb: TableExpressions,
  table: string,
  scope: MatchQuery['scope'],
  me: Me,
): Expression<SqlBool> {
  if (scope === 'all') return eb.lit(true);
  if (me.university === null) return eb.lit(false);
  const sameCampus = eb(`${table}.university`, '=', me.university);
  if (scope === 'university' || !me.city) return sameCampus;
  return eb.or([sameCampus, eb(`${table}.city`, '=', me.city)]);
}

/** `column ILIKE %term%` the way this database runs PostgreSQL's ILIKE (db/dialects/). */
export function contains(
  database: DatabaseHandle,
  column: string,
  term: string,
): Expression<SqlBool> {
  const escaped = term.replace(/[\\%_]/g, (character) => `\\${character}`);
  const { form, operand } = database.patternMatch(`%${escaped}%`, true);
  return database.matchPattern(sql.ref(column), form, operand);
}

/**
 * The tie-breaks after the overlap (docs/architecture.md, matching): same campus, then same
 * city, then newest. A comparison with a null campus is null, which sorts as no match.
 */
export function closenessOrder(table: string, me: Me) {
  return [
    sql`case when ${sql.ref(`${table}.university`)} = ${me.university} then 1 else 0 end desc`,
    sql`case when ${sql.ref(`${table}.city`)} = ${me.city} then 1 else 0 end desc`,
    sql`${sql.ref(`${table}.created_at`)} desc`,
    sql`${sql.ref(`${table}.id`)} desc`,
  ];
}

/** Labels in the order the row lists them (its JSON text, parsed for this page's rows only). */
export function inListOrder(list: unknown, labels: string[]): string[] {
  let items: unknown = [];
  try {
    items = JSON.parse(typeof list === 'string' ? list : '[]');
  } catch {
    // A list the server did not write (raw SQL) keeps the labels' own order.
  }
  const order = Array.isArray(items)
    ? items.map((item) => (typeof item === 'string' ? item.trim() : ''))
    : [];
  const position = (label: string) => {
    const index = order.indexOf(label);
    return index === -1 ? order.length : index;
  };
  return [...labels].sort((a, b) => position(a) - position(b));
}
