import type { SdkError } from '../errors/sdk-error';

/** What every SDK call resolves to, like postgrest-js: data or an error, never both. */
export type Result<T> = { data: T; error: null } | { data: null; error: SdkError };

/** A successful result. */
export function ok<T>(data: T): Result<T> {
  return { data, error: null };
}

/** A failed result. */
export function fail<T = never>(error: SdkError): Result<T> {
  return { data: null, error };
}

/**
 * Throwing is opt-in: `const user = unwrap(await client.auth.me())` returns the data
 * or throws the SdkError.
 */
export function unwrap<T>(result: Result<T>): T {
  if (result.error) throw result.error;
  return result.data as T;
}
