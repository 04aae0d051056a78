import { PostgrestCode, PostgrestError } from '../../../lib/postgrest';

/**
 * The refusals a policy's rules across rows give, each with the status and code PostgREST would
 * send for the constraint the rule stands in for, so a client handles them like database errors.
 */
export const refuse = {
  /** 409 23505: the row would repeat a unique key; `key` names it as PostgreSQL does. */
  duplicate: (message: string, key: string) =>
    new PostgrestError({
      status: 409,
      code: PostgrestCode.uniqueViolation,
      message,
      details: `Key (${key}) already exists.`,
    }),
  /** 409 23503: the row points at something that does not exist (or may not be pointed at). */
  missingReference: (message: string) =>
    new PostgrestError({ status: 409, code: PostgrestCode.foreignKeyViolation, message }),
  /** 403 42501: the row is well formed but this user may not write it. */
  forbidden: (message: string, extras: { details?: string; hint?: string } = {}) =>
    new PostgrestError({
      status: 403,
      code: PostgrestCode.insufficientPrivilege,
      message,
      ...extras,
    }),
  /** 400 23514: the row breaks a rule on its own values. */
  invalid: (message: string) =>
    new PostgrestError({ status: 400, code: PostgrestCode.checkViolation, message }),
};
