import { sql, type Expression, type SqlBool } from 'kysely';
import type { DatabaseHandle, PatternMatch } from '../../db/dialects/types';
import type { TableExpressions } from '../table-api/tables/types';
import type { MatchQuery } from './match-query';

/** Where the recommending student stands: their profile's id and campus, or no profile. */
export interface Me {
  accountId: string;
  profileId: string | null;
  university: string | null;
  city: string | null;
  /** I neither block anyone nor am blocked: a ranking leaves out the block checks. */
  inNoBlock: boolean;
}

/** Where the candidates are, besides their campus and city: part of a ranking's compiled key. */
export type ScopeRule = 'everyone' | 'nobody' | 'my campus' | 'my campus or city';

/**
 * The scope filter of docs/product.md §2.9 and §2.11, decided by my own place. Each choice widens
 * the last: my university, then my university or my city, then everyone. Without a profile there
 * is no campus, so only "all" finds anyone.
 */
export function scopeRule(scope: MatchQuery['scope'], me: Me): ScopeRule {
  if (scope === 'all') return 'everyone';
  if (me.university === null) return 'nobody';
  if (scope === 'university' || !me.city) return 'my campus';
  return 'my campus or city';
}

/** My campus and city as a compiled query binds them (placeholders, or the values themselves). */
export interface Place {
  university: string | null;
  city: string | null;
}

/** The scope's filter on a table with `university` and `city`. */
export function inScope(
  eb: TableExpressions,
  table: string,
  rule: ScopeRule,
  place: Place,
): Expression<SqlBool> {
  if (rule === 'everyone') return eb.lit(true);
  if (rule === 'nobody') return eb.lit(false);
  const sameCampus = eb(`${table}.university`, '=', place.university);
  if (rule === 'my campus') return sameCampus;
  return eb.or([sameCampus, eb(`${table}.city`, '=', place.city)]);
}

/**
 * How this database runs `ILIKE %term%` with PostgreSQL's pattern rules (db/dialects/): the form
 * decides the SQL, the operand is the value it binds.
 */
export function containsPattern(database: DatabaseHandle, term: string): PatternMatch {
  const escaped = term.replace(/[\\%_]/g, (character) => `\\${character}`);
  return database.patternMatch(`%${escaped}%`, true);
}

/**
 * `column` holds the pattern's text, `operand` being its operand, a placeholder for it or, where
 * the database writes patterns into the SQL, the pattern as SQL.
 */
export function contains(
  database: DatabaseHandle,
  column: string,
  { form, operand }: { form: string; operand: unknown },
): Expression<SqlBool> {
  return database.matchPattern(sql.ref(column), form, operand);
}

/**
 * The tie-breaks after the overlap (docs/architecture.md, matching): same campus, then same
 * city, then newest. A comparison with a null campus is null, which sorts as no match.
 */
export function closenessOrder(table: string, place: Place) {
  return [
    sql`case when ${sql.ref(`${table}.university`)} = ${place.university} then 1 else 0 end desc`,
    sql`case when ${sql.ref(`${table}.city`)} = ${place.city} then 1 else 0 end desc`,
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
