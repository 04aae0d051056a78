/**
 * docs/product.md §3.1: table names go to the backend in snake_case, field names camelCase to
 * snake_case on send and back on receive. Only top-level keys are converted: nested values (the
 * JSON-encoded skill lists, realtime payloads, presence state) belong to the caller as they are.
 */

/** `userId` -> `user_id`, `profileURL` -> `profile_url`; snake_case input is left as it is. */
export function convertToSnakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** `user_id` -> `userId`; camelCase input is left as it is. */
export function convertToCamelCase(name: string): string {
  return name.replace(/_+([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

function mapKeys(
  record: Record<string, unknown>,
  convert: (key: string) => string,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) result[convert(key)] = value;
  return result;
}

/** A record with its top-level keys in snake_case, for sending; values untouched. */
export function convertKeysToSnakeCase(record: Record<string, unknown>): Record<string, unknown> {
  return mapKeys(record, convertToSnakeCase);
}

/** A record with its top-level keys in camelCase, as received; values untouched. */
export function convertKeysToCamelCase<T = Record<string, unknown>>(
  record: Record<string, unknown>,
): T {
  return mapKeys(record, convertToCamelCase) as T;
}
