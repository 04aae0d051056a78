import type { ValidateFunction } from 'ajv';
import { exceedsJsonDepth } from '../../lib/json-limits';
import { describeInvalid } from './object-schema';

export type CheckedAnswer = { ok: true; value: unknown } | { ok: false; problem: string };

// Some models wrap JSON in a Markdown fence even when told not to.
const FENCED = /^```(?:json)?\s*([\s\S]*?)\s*```$/i;

/** A model's answer read as JSON and checked against the student's schema. */
export function checkAnswer(text: string, validate: ValidateFunction): CheckedAnswer {
  const trimmed = text.trim();
  const unfenced = FENCED.exec(trimmed)?.[1] ?? trimmed;
  let value: unknown;
  try {
    value = JSON.parse(unfenced);
  } catch {
    return { ok: false, problem: 'it is not valid JSON' };
  }
  // A validator for a recursive schema recurses with the value; keep it within the stack.
  if (exceedsJsonDepth(value)) return { ok: false, problem: 'it nests too deeply' };
  try {
    return validate(value)
      ? { ok: true, value }
      : { ok: false, problem: describeInvalid(validate) };
  } catch {
    return { ok: false, problem: 'it could not be checked against the schema' };
  }
}
