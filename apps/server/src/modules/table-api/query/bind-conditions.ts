import type { DatabaseHandle, PatternMatch } from '../../../db/dialects/types';
import {
  PostgrestCode,
  PostgrestError,
  type Condition,
  type FilterCondition,
  type GroupCondition,
} from '../../../lib/postgrest';
import type { ColumnRule, TablePolicy } from '../tables/types';
import { findColumnRule, requireColumn } from './column-expression';
import type { Bindings } from './bindings';

/** A filter's bound operands, and for a pattern the database's form of match. */
export interface FilterOperands {
  operands: unknown[];
  form: string | null;
}

export interface BoundConditions {
  operands: Map<FilterCondition, FilterOperands>;
  /**
   * The database's form of each pattern match, in the order the filters are written: the one
   * thing about the SQL that a value decides (docs/decisions/012-read-plans.md), so a compiled
   * read's key must name them.
   */
  patternForms: string[];
}

/** True when a filter anywhere in `conditions`, groups included, passes `test`. */
function anyFilter(conditions: Condition[], test: (filter: FilterCondition) => boolean): boolean {
  return conditions.some((condition) =>
    condition.kind === 'group' ? anyFilter(condition.conditions, test) : test(condition),
  );
}

/** True when a filter anywhere in `conditions` matches a pattern (`like`, `ilike`). */
export function hasPattern(conditions: Condition[]): boolean {
  return anyFilter(conditions, ({ operator }) => operator === 'like' || operator === 'ilike');
}

/** True when a filter anywhere in `conditions` reads one of `columns`. */
export function filtersOn(conditions: Condition[], columns: readonly string[]): boolean {
  return anyFilter(conditions, ({ column }) => columns.includes(column));
}

/**
 * How many searches of one request may ask the database's search index whether to use it. Each
 * asking counts the rows holding the text (up to 15 ms for a hostile one on SQLite, see
 * db/dialects/sqlite-search.ts); past these, a search reads the rows as it would without an index.
 */
export const INDEX_PROBES_PER_REQUEST = 8;

const INTEGER_MIN = -2_147_483_648;
const INTEGER_MAX = 2_147_483_647;

/**
 * Values arrive as text and are checked as PostgreSQL would check them, so both dialects refuse
 * the same values with the same 400 (SQLite would quietly accept them).
 */
export function coerceValue(rule: ColumnRule, column: string, value: string): string | number {
  if (value.includes('\0')) {
    throw new PostgrestError({
      status: 400,
      code: PostgrestCode.invalidByteSequence,
      message: 'invalid byte sequence for encoding "UTF8": 0x00',
      details: `column "${column}"`,
    });
  }
  if (rule.type !== 'integer') return value;
  if (!/^-?\d+$/.test(value)) {
    throw new PostgrestError({
      status: 400,
      code: PostgrestCode.invalidTextRepresentation,
      message: `invalid input syntax for type integer: "${value}"`,
      details: `column "${column}"`,
    });
  }
  const number = Number(value);
  if (number < INTEGER_MIN || number > INTEGER_MAX) {
    throw new PostgrestError({
      status: 400,
      code: PostgrestCode.numericOutOfRange,
      message: `value "${value}" is out of range for type integer`,
      details: `column "${column}"`,
    });
  }
  return number;
}

/** A pattern may not end in a lone escape character (PostgreSQL's rule, 22025). */
function checkPattern(pattern: string): string {
  const trailing = /\\*$/.exec(pattern)?.[0].length ?? 0;
  if (trailing % 2 === 1) {
    throw new PostgrestError({
      status: 400,
      code: PostgrestCode.invalidEscapeSequence,
      message: 'LIKE pattern must not end with escape character',
    });
  }
  return pattern;
}

interface BindContext {
  policy: TablePolicy;
  database: DatabaseHandle;
  /** Each filter's value goes through `value`: bound, or written into the SQL. */
  bindings: Bindings;
}

/** The searches of one request still allowed to ask the index (INDEX_PROBES_PER_REQUEST). */
interface ProbeBudget {
  left: number;
}

/** The "table.column" a search asks the index about, or undefined once the budget is spent. */
function askIndex(column: string, context: BindContext, budget: ProbeBudget) {
  if (budget.left <= 0) return undefined;
  budget.left--;
  return `${context.policy.name}.${column}`;
}

/**
 * Checks a filter's value against its column and binds it. `decided` is the match an `or` already
 * chose for it (indexedMatch), so the index is not asked twice.
 */
function bindFilter(
  filter: FilterCondition,
  context: BindContext,
  mayUseIndex: boolean,
  decided: PatternMatch | undefined,
  budget: ProbeBudget,
): FilterOperands {
  const rule = requireColumn(context.policy, filter.column);
  const { bindings } = context;
  let operands: unknown[];
  let form: string | null = null;
  switch (filter.operator) {
    case 'like':
    case 'ilike': {
      if (rule.type !== 'text') {
        throw new PostgrestError({
          status: 400,
          code: PostgrestCode.undefinedFunction,
          message: `operator does not exist: integer ${filter.operator === 'like' ? '~~' : '~~*'} unknown`,
          hint: `${filter.column} is a number; use eq, gt, lt or in`,
        });
      }
      const pattern = checkPattern(String(coerceValue(rule, filter.column, filter.value)));
      const match =
        decided ??
        context.database.patternMatch(
          pattern,
          filter.operator === 'ilike',
          mayUseIndex ? askIndex(filter.column, context, budget) : undefined,
        );
      operands = [bindings.value(match.operand)];
      form = match.form;
      break;
    }
    case 'in':
      operands = filter.value.map((value) =>
        bindings.value(coerceValue(rule, filter.column, value)),
      );
      break;
    case 'is':
      if (filter.value !== null) {
        throw new PostgrestError({
          status: 400,
          code: PostgrestCode.datatypeMismatch,
          message: `argument of IS ${String(filter.value).toUpperCase()} must be type boolean, not type ${rule.type}`,
        });
      }
      operands = [];
      break;
    default:
      operands = [bindings.value(coerceValue(rule, filter.column, filter.value))];
  }
  return { operands, form };
}

/**
 * The match of a search filter answered through the database's search index
 * (DatabaseHandle.patternMatch), or null: its form names the index where the plain form does not.
 */
function indexedMatch(
  condition: Condition,
  context: BindContext,
  budget: ProbeBudget,
): PatternMatch | null {
  if (condition.kind !== 'filter' || condition.negated) return null;
  if (condition.operator !== 'like' && condition.operator !== 'ilike') return null;
  if (findColumnRule(context.policy, condition.column)?.type !== 'text') return null;
  if (condition.value.includes('\0')) return null;
  const caseInsensitive = condition.operator === 'ilike';
  const searched = askIndex(condition.column, context, budget);
  if (!searched) return null;
  const indexed = context.database.patternMatch(condition.value, caseInsensitive, searched);
  const plain = context.database.patternMatch(condition.value, caseInsensitive);
  return indexed.form === plain.form ? null : indexed;
}

/** Each branch's indexed match when every branch of an `or` has one, else null. */
function indexedBranches(group: GroupCondition, context: BindContext, budget: ProbeBudget) {
  const matches = new Map<FilterCondition, PatternMatch>();
  for (const branch of group.conditions) {
    const match = indexedMatch(branch, context, budget);
    if (!match) return null;
    matches.set(branch as FilterCondition, match);
  }
  return matches;
}

/**
 * Checks and binds every filter's values, in the order the conditions are written. Every error
 * a value can cause is raised here, so a compiled query kept for these conditions' shape never
 * meets a value it was not checked for.
 *
 * A search uses the index only where that spares reading rows. Never under NOT (see
 * DatabaseHandle.patternMatch). In an `or`, only if every branch does: a branch that reads each
 * row (a common word, another column) makes the others' index lists cost without saving a read.
 * And only for the request's first INDEX_PROBES_PER_REQUEST searches.
 */
export function bindConditions(conditions: Condition[], context: BindContext): BoundConditions {
  const bound: BoundConditions = { operands: new Map(), patternForms: [] };
  const decided = new Map<FilterCondition, PatternMatch>();
  const budget: ProbeBudget = { left: INDEX_PROBES_PER_REQUEST };
  const visit = (condition: Condition, mayUseIndex: boolean) => {
    let inner = mayUseIndex && !condition.negated;
    if (condition.kind === 'group') {
      if (inner && condition.operator === 'or') {
        const matches = indexedBranches(condition, context, budget);
        matches?.forEach((match, branch) => decided.set(branch, match));
        inner = matches !== null;
      }
      condition.conditions.forEach((branch) => visit(branch, inner));
      return;
    }
    const operands = bindFilter(condition, context, inner, decided.get(condition), budget);
    bound.operands.set(condition, operands);
    if (operands.form !== null) bound.patternForms.push(operands.form);
  };
  conditions.forEach((condition) => visit(condition, true));
  return bound;
}
