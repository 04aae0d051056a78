import type { DatabaseHandle } from '../../db/dialects/types';
import { PostgrestCode, PostgrestError } from '../../lib/postgrest';

const RESPONSES = {
  unique: {
    status: 409,
    code: PostgrestCode.uniqueViolation,
    message: 'duplicate key value violates unique constraint',
  },
  foreign_key: {
    status: 409,
    code: PostgrestCode.foreignKeyViolation,
    message: 'insert or update violates foreign key constraint',
  },
  not_null: {
    status: 400,
    code: PostgrestCode.notNullViolation,
    message: 'null value violates not-null constraint',
  },
  check: {
    status: 400,
    code: PostgrestCode.checkViolation,
    message: 'new row violates check constraint',
  },
  invalid_value: {
    status: 400,
    code: PostgrestCode.dataException,
    message: 'a value is not valid for its column',
  },
} as const;

/**
 * Turns a constraint or value the database refused into PostgREST's answer; anything else is
 * rethrown. The checks before a query catch these first; this is the net under them.
 */
export function rethrowAsPostgrestError(database: DatabaseHandle, error: unknown): never {
  if (error instanceof PostgrestError) throw error;
  const violation = database.classifyError(error);
  if (!violation) throw error;
  throw new PostgrestError({ ...RESPONSES[violation.kind], details: violation.detail });
}
