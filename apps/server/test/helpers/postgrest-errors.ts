import { expect } from 'vitest';

/** The keys of every PostgREST error body; postgrest-js reads exactly these. */
export const ERROR_KEYS = ['code', 'details', 'hint', 'message'];

/**
 * Asserts that a raw fetch answer (its body already read as `text`) is a PostgREST error with
 * this status and code: a JSON body of exactly the four keys and a message. A body that is not
 * JSON shows up whole in the failure.
 */
export function expectPostgrestError(
  response: Response,
  text: string,
  expected: { status: number; code: string },
): void {
  let body: Record<string, unknown> | null = null;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // left null: the assertion below shows the raw text
  }
  expect({
    status: response.status,
    code: body?.code ?? text,
    keys: body ? Object.keys(body).sort() : null,
  }).toEqual({ status: expected.status, code: expected.code, keys: ERROR_KEYS });
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(typeof body?.message).toBe('string');
}
