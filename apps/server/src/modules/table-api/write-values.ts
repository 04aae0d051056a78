import { PostgrestCode, PostgrestError } from '../../lib/postgrest';
import { requireColumn } from './query/column-expression';
import type { Row, TablePolicy } from './tables/types';

type WriteMode = 'insert' | 'update';

const invalidBody = (details: string) =>
  new PostgrestError({
    status: 400,
    code: PostgrestCode.invalidBody,
    message: 'Empty or invalid json',
    details,
  });

function isPlainObject(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A POST body is one object or a non-empty list of them; a PATCH body is one object. */
export function readWriteBody(body: unknown, mode: WriteMode): Row[] {
  if (body === undefined) throw invalidBody('the request body is empty');
  if (mode === 'insert' && Array.isArray(body)) {
    if (body.length === 0 || !body.every(isPlainObject)) {
      throw invalidBody('expected a JSON object or a non-empty array of objects');
    }
    return body;
  }
  if (!isPlainObject(body)) throw invalidBody('expected a JSON object');
  return [body];
}

/**
 * Checks a client's values column by column: unknown columns, columns the server owns, and the
 * shared validation rules. Returns normalised values; with `columns=`, other keys are ignored
 * (PostgREST's behaviour).
 */
export function validateWriteValues(
  policy: TablePolicy,
  raw: Row,
  mode: WriteMode,
  columns: string[] | null,
): Row {
  const values: Row = {};
  for (const [column, value] of Object.entries(raw)) {
    if (columns && !columns.includes(column)) continue;
    const rule = requireColumn(policy, column);
    if ((mode === 'insert' ? rule.insert : rule.update) === 'server') {
      throw new PostgrestError({
        status: 403,
        code: PostgrestCode.insufficientPrivilege,
        message: `permission denied for column "${column}" of "${policy.name}"`,
        hint: `${column} is set by the server`,
      });
    }
    if (typeof value === 'string' && value.includes('\0')) {
      throw new PostgrestError({
        status: 400,
        code: PostgrestCode.invalidByteSequence,
        message: 'invalid byte sequence for encoding "UTF8": 0x00',
        details: `Failing column: ${column}`,
      });
    }
    if (value === null && !rule.nullable) {
      throw new PostgrestError({
        status: 400,
        code: PostgrestCode.notNullViolation,
        message: `"${column}" cannot be null`,
      });
    }
    const parsed = rule.schema
      ? rule.schema.safeParse(value)
      : { success: true as const, data: value };
    if (!parsed.success) {
      throw new PostgrestError({
        status: 400,
        code: PostgrestCode.checkViolation,
        message: `${column}: ${parsed.error.issues[0]?.message ?? 'invalid value'}`,
        details: `Failing column: ${column}`,
      });
    }
    values[column] = parsed.data;
  }
  if (mode === 'insert') {
    for (const [column, rule] of Object.entries(policy.columns)) {
      if (rule.insert === 'required' && (values[column] === undefined || values[column] === null)) {
        throw new PostgrestError({
          status: 400,
          code: PostgrestCode.notNullViolation,
          message: `"${column}" is required`,
          details: `Failing column: ${column}`,
        });
      }
    }
  }
  return values;
}
