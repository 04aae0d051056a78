/**
 * Every error code the table API and the admin SQL routes send
 * (docs/decisions/010-table-api-policies-in-sql.md). Like PostgREST, a request the server cannot
 * serve gets a PGRST code and a value or row the database would refuse gets PostgreSQL's
 * SQLSTATE; postgrest-js and the SDK hand the code to the caller unchanged, so each value is
 * part of the wire format. The PostgreSQL driver reports the same SQLSTATEs, so the dialect
 * adapter reads a refused write with these names too. The app's own codes are `ErrorCode` in
 * packages/shared/src/error-codes.ts; these stay on the server, the only code that reads them.
 */
export const PostgrestCode = {
  /** 400: a query parameter cannot be parsed, or a cursor is forged, stale or not allowed. */
  invalidQuery: 'PGRST100',
  /** 400: the body is not JSON, not an object or an array of them, or an update sets nothing. */
  invalidBody: 'PGRST102',
  /** 416: the Range header ends before it starts, or the offset is past the last row. */
  rangeNotSatisfiable: 'PGRST103',
  /** 406: one object was asked for (vnd.pgrst.object+json) and zero or several rows matched. */
  notSingular: 'PGRST116',
  /** 400: `Prefer: handling=strict` together with a preference this server does not know. */
  invalidPreferences: 'PGRST122',
  /** 400: `handling=strict` with `max-affected`, and more rows would change; nothing changes. */
  maxAffectedExceeded: 'PGRST124',
  /** 400: the query or the body names a column the table does not have. */
  unknownColumn: 'PGRST204',
  /** 404: the path names a table the API does not serve. */
  unknownTable: 'PGRST205',
  /** 400: an upsert carries the same conflict key twice, so one row would change twice. */
  cardinalityViolation: '21000',
  /** 400: the database refused a value for its column (the net under the checks before it). */
  dataException: '22000',
  /** 400: an integer filter value outside PostgreSQL's integer range. */
  numericOutOfRange: '22003',
  /** 400: a NUL character in a value or a filter, which PostgreSQL text cannot hold. */
  invalidByteSequence: '22021',
  /** 400: a like or ilike pattern ending in a lone escape character. */
  invalidEscapeSequence: '22025',
  /** 400: an integer column filtered with something that is not an integer. */
  invalidTextRepresentation: '22P02',
  /** 400: a required column is missing or null. */
  notNullViolation: '23502',
  /** 409: the row refers to one that does not exist or cannot take it (a closed project). */
  foreignKeyViolation: '23503',
  /** 409: a row with the same unique key exists (a second profile, a second application). */
  uniqueViolation: '23505',
  /** 400: a value breaks its column's rule, or a row its table's (messaging oneself). */
  checkViolation: '23514',
  /** 403: the policy forbids this write: a server-set column, another student's row. */
  insufficientPrivilege: '42501',
  /** 400: `is` with a value other than null on a column that is not boolean. */
  datatypeMismatch: '42804',
  /** 400: like or ilike on a number column. */
  undefinedFunction: '42883',
  /** 400: `on_conflict` names columns that are not one of the table's unique keys. */
  invalidColumnReference: '42P10',
  /** 408 from admin SQL: a statement ran past its time limit and was cancelled. */
  queryCanceled: '57014',
  /** 400 from admin SQL: PostgreSQL failed without a SQLSTATE of its own. */
  internalError: 'XX000',
} as const;

export type PostgrestCode = (typeof PostgrestCode)[keyof typeof PostgrestCode];

/** SQLSTATE class 22, data exception: PostgreSQL refused a value itself (22000 and its kin). */
export function isDataException(sqlState: string): boolean {
  return sqlState.startsWith('22');
}
