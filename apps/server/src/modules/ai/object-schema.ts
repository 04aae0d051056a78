import { setFlagsFromString } from 'node:v8';
import type { ValidateFunction } from 'ajv';
import { LRUCache } from 'lru-cache';
import { HttpError } from '../../lib/http-error';

export const INVALID_SCHEMA = 'INVALID_SCHEMA';

// A student's schema may hold `pattern`s, run on text a model wrote at the student's request:
// on the backtracking engine, `(a+)+$` and friends would hold the event loop for minutes. V8's
// linear-time engine (the `l` flag, enabled here) runs any pattern it accepts in linear time and
// refuses the rest (backreferences, lookarounds, large counted repeats), which the student sees
// as an invalid schema. Where the flag is unknown every pattern is refused: closed, not open.
setFlagsFromString('--enable-experimental-regexp-engine');

function linearRegExp(pattern: string): RegExp {
  try {
    // eslint-disable-next-line no-invalid-regexp -- 'l' is V8's linear-time engine, enabled above
    return new RegExp(pattern, 'l');
  } catch {
    throw new Error(
      `pattern "${pattern.slice(0, 100)}" cannot be checked in linear time ` +
        '(no backreferences, lookarounds or large counted repeats)',
    );
  }
}
linearRegExp.code = 'linearRegExp';

async function compile(schema: Record<string, unknown>): Promise<ValidateFunction> {
  // Loaded with the first schema, not at start-up (docs/architecture.md §2.1).
  const { Ajv } = await import('ajv');
  // A fresh instance per schema: a shared one would keep every schema it ever compiled, and two
  // students' schemas with the same $id would collide. No loadSchema: no remote $ref is fetched.
  const ajv = new Ajv({
    strict: false,
    allErrors: false,
    logger: false,
    validateFormats: false,
    unicodeRegExp: false,
    code: { regExp: linearRegExp },
  });
  return ajv.compile(schema);
}

/** Validators by schema text: an app asks for the same shape again and again. */
const compiled = new LRUCache<string, ValidateFunction>({ max: 200 });

/** The schema's validator, or a 400 INVALID_SCHEMA naming what ajv refused. */
export async function validatorFor(schema: Record<string, unknown>): Promise<ValidateFunction> {
  const key = JSON.stringify(schema);
  const known = compiled.get(key);
  if (known) return known;
  let validate: ValidateFunction;
  try {
    validate = await compile(schema);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new HttpError(400, INVALID_SCHEMA, `The schema is not a valid JSON Schema: ${reason}`);
  }
  compiled.set(key, validate);
  return validate;
}

/** What ajv found wrong with a value, in one line, for the model's second attempt. */
export function describeInvalid(validate: ValidateFunction): string {
  const first = validate.errors?.[0];
  if (!first) return 'it does not match the schema';
  return `${first.instancePath || 'the value'} ${first.message ?? 'is invalid'}`;
}
