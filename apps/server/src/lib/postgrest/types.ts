/**
 * The AST of a PostgREST request. It is dialect-free: values stay the strings the client sent
 * (the SQL compiler coerces them by column type) and every identifier has already been checked
 * against a safe pattern, but not against the schema.
 */

export type ComparisonOperator = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike';
export type FilterOperator = ComparisonOperator | 'in' | 'is';

/** `is.unknown` is SQL's three-valued boolean; the compiler decides how a dialect spells it. */
export type IsValue = null | boolean | 'unknown';

/** An operator with its value, typed per operator; like/ilike patterns already use `%`. */
export type FilterOperation =
  | { operator: ComparisonOperator; value: string; negated: boolean }
  | { operator: 'in'; value: string[]; negated: boolean }
  | { operator: 'is'; value: IsValue; negated: boolean };

export type FilterCondition = { kind: 'filter'; column: string } & FilterOperation;

export interface GroupCondition {
  kind: 'group';
  operator: 'and' | 'or';
  negated: boolean;
  conditions: Condition[];
}

export type Condition = FilterCondition | GroupCondition;

export type SelectItem =
  { kind: 'star' } | { kind: 'column'; column: string; alias: string | null };

export type OrderDirection = 'asc' | 'desc';
export type NullsPosition = 'first' | 'last';

/** `nulls` is always the effective position, PostgreSQL's default when the client gave none. */
export interface OrderTerm {
  column: string;
  direction: OrderDirection;
  nulls: NullsPosition;
}

export interface RangeSpec {
  offset: number;
  /** The client's limit, already clamped to `maxLimit`; null when it asked for none. */
  limit: number | null;
  /** The cap a read should apply when `limit` is null. */
  maxLimit: number;
}

export type ReturnPreference = 'minimal' | 'representation' | 'headers-only';
export type CountPreference = 'exact' | 'planned' | 'estimated';
export type ResolutionPreference = 'merge-duplicates' | 'ignore-duplicates';
export type MissingPreference = 'default' | 'null';
export type HandlingPreference = 'lenient' | 'strict';

/** Parsed `Prefer` headers; null means the client expressed no preference. */
export interface Preferences {
  return: ReturnPreference | null;
  count: CountPreference | null;
  resolution: ResolutionPreference | null;
  missing: MissingPreference | null;
  handling: HandlingPreference | null;
  maxAffected: number | null;
  /** Preferences that were not understood, as sent; with handling=strict they are an error. */
  invalid: string[];
}

/** The operation a response answers, which decides the preferences PostgREST echoes. */
export type PreferenceOperation = 'read' | 'insert' | 'update' | 'upsert' | 'delete';

export interface CursorPosition {
  /** The last row's values for each order term, in order. */
  values: unknown[];
}

export interface ParsedRequest {
  /** `[{ kind: 'star' }]` when the client sent no select. */
  select: SelectItem[];
  /** Every top-level condition; they are ANDed together. */
  filters: Condition[];
  order: OrderTerm[];
  range: RangeSpec;
  cursor: CursorPosition | null;
  /** The `columns` parameter for inserts and updates; null when absent. */
  columns: string[] | null;
  onConflict: string[] | null;
  preferences: Preferences;
  /**
   * The `Preference-Applied` value for this request's method, or null to send none. For an
   * insert it assumes resolution applies; for a table without a primary key and no
   * on_conflict, re-render with `renderPreferenceApplied(..., { resolutionApplies: false })`.
   */
  preferenceApplied: string | null;
  /** `Accept: application/vnd.pgrst.object+json`: answer with one object, not an array. */
  singular: boolean;
  /** Each column named anywhere in the request, once, so the caller can check the schema. */
  referencedColumns: string[];
}
