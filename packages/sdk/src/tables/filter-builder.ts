import { convertToSnakeCase } from '../case/convert-case';

/** The filter methods of a postgrest-js builder the SDK calls (structurally, to keep types light). */
export interface PostgrestFilterTarget {
  eq(column: string, value: unknown): PostgrestFilterTarget;
  neq(column: string, value: unknown): PostgrestFilterTarget;
  gt(column: string, value: unknown): PostgrestFilterTarget;
  gte(column: string, value: unknown): PostgrestFilterTarget;
  lt(column: string, value: unknown): PostgrestFilterTarget;
  lte(column: string, value: unknown): PostgrestFilterTarget;
  like(column: string, pattern: string): PostgrestFilterTarget;
  ilike(column: string, pattern: string): PostgrestFilterTarget;
  is(column: string, value: null | boolean): PostgrestFilterTarget;
  in(column: string, values: readonly unknown[]): PostgrestFilterTarget;
  not(column: string, operator: string, value: unknown): PostgrestFilterTarget;
  or(filters: string): PostgrestFilterTarget;
}

type Step = (target: PostgrestFilterTarget) => PostgrestFilterTarget;

// PostgREST's reserved characters inside a list (postgrest-js quotes the same ones in `in`).
const RESERVED = /[,()"\\]/;
const formatList = (values: readonly unknown[]) =>
  `(${values
    .map((value) =>
      typeof value === 'string' && RESERVED.test(value)
        ? `"${value.replace(/(["\\])/g, '\\$1')}"`
        : String(value),
    )
    .join(',')})`;

/**
 * A filter with camelCase column names, turned into postgrest-js calls on snake_case columns:
 * `(filter) => filter.eq('userId', id).ilike('title', '*robot*')`. `like`/`ilike` take `*` or `%`
 * as wildcards. `or` takes PostgREST's own syntax and snake_case names, as it is passed through.
 */
export class FilterBuilder<Row = Record<string, unknown>> {
  private readonly steps: Step[] = [];

  private add(step: Step): this {
    this.steps.push(step);
    return this;
  }

  /** column = value */
  eq(column: keyof Row & string, value: unknown): this {
    return this.add((t) => t.eq(convertToSnakeCase(column), value));
  }
  /** column <> value */
  neq(column: keyof Row & string, value: unknown): this {
    return this.add((t) => t.neq(convertToSnakeCase(column), value));
  }
  /** column > value */
  gt(column: keyof Row & string, value: unknown): this {
    return this.add((t) => t.gt(convertToSnakeCase(column), value));
  }
  /** column >= value */
  gte(column: keyof Row & string, value: unknown): this {
    return this.add((t) => t.gte(convertToSnakeCase(column), value));
  }
  /** column < value */
  lt(column: keyof Row & string, value: unknown): this {
    return this.add((t) => t.lt(convertToSnakeCase(column), value));
  }
  /** column <= value */
  lte(column: keyof Row & string, value: unknown): this {
    return this.add((t) => t.lte(convertToSnakeCase(column), value));
  }
  /** Case-sensitive pattern match. */
  like(column: keyof Row & string, pattern: string): this {
    return this.add((t) => t.like(convertToSnakeCase(column), pattern));
  }
  /** Case-insensitive pattern match. */
  ilike(column: keyof Row & string, pattern: string): this {
    return this.add((t) => t.ilike(convertToSnakeCase(column), pattern));
  }
  /** column IS null / true / false */
  is(column: keyof Row & string, value: null | boolean): this {
    return this.add((t) => t.is(convertToSnakeCase(column), value));
  }
  /** column is one of the values. */
  in(column: keyof Row & string, values: readonly unknown[]): this {
    return this.add((t) => t.in(convertToSnakeCase(column), values));
  }
  /** column is none of the values (the server's `not.in`). */
  notIn(column: keyof Row & string, values: readonly unknown[]): this {
    return this.add((t) => t.not(convertToSnakeCase(column), 'in', formatList(values)));
  }
  /** Negates one operator: `not('status', 'eq', 'Open')`. */
  not(column: keyof Row & string, operator: string, value: unknown): this {
    return this.add((t) => t.not(convertToSnakeCase(column), operator, value));
  }
  /** PostgREST's `or=(...)`, e.g. `'title.ilike.*ai*,description.ilike.*ai*'` (snake_case). */
  or(filters: string): this {
    return this.add((t) => t.or(filters));
  }

  /** Applies the recorded filters to a postgrest-js builder. */
  applyTo<T>(target: T): T {
    let current = target as unknown as PostgrestFilterTarget;
    for (const step of this.steps) current = step(current);
    return current as unknown as T;
  }
}

/** The operators an object `where` may use per column: `{ createdAt: { gt: '2024-01-01' } }`. */
export interface WhereOperators {
  eq?: unknown;
  neq?: unknown;
  gt?: unknown;
  gte?: unknown;
  lt?: unknown;
  lte?: unknown;
  like?: string;
  ilike?: string;
  is?: null | boolean;
  in?: readonly unknown[];
  notIn?: readonly unknown[];
}

const OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'is', 'in', 'notIn'];

const isOperatorObject = (value: unknown): value is WhereOperators =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.keys(value).every((key) => OPERATORS.includes(key));

/**
 * An object `where`: a plain value means equality, null means IS NULL, an array means IN, and
 * an operator object applies each operator given.
 */
export function buildFilterFromObject<Row>(where: Record<string, unknown>): FilterBuilder<Row> {
  const filter = new FilterBuilder<Record<string, unknown>>();
  for (const [column, value] of Object.entries(where)) {
    if (value === undefined) continue;
    if (value === null) filter.is(column, null);
    else if (Array.isArray(value)) filter.in(column, value);
    else if (isOperatorObject(value)) {
      for (const [operator, operand] of Object.entries(value)) {
        if (operand === undefined) continue;
        const method = operator as keyof WhereOperators;
        (filter[method] as (column: string, value: unknown) => unknown)(column, operand);
      }
    } else filter.eq(column, value);
  }
  return filter as unknown as FilterBuilder<Row>;
}
