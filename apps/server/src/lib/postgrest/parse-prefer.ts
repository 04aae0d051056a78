import { PostgrestCode } from './error-codes';
import { PostgrestError } from './errors';
import type {
  CountPreference,
  HandlingPreference,
  MissingPreference,
  PreferenceOperation,
  Preferences,
  ResolutionPreference,
  ReturnPreference,
} from './types';

const RETURN_VALUES: readonly ReturnPreference[] = ['minimal', 'representation', 'headers-only'];
const COUNT_VALUES: readonly CountPreference[] = ['exact', 'planned', 'estimated'];
const RESOLUTION_VALUES: readonly ResolutionPreference[] = [
  'merge-duplicates',
  'ignore-duplicates',
];
const MISSING_VALUES: readonly MissingPreference[] = ['default', 'null'];
const HANDLING_VALUES: readonly HandlingPreference[] = ['lenient', 'strict'];

const MAX_AFFECTED = /^max-affected=([0-9]+)$/;

/**
 * Parses every `Prefer` header (RFC 7240): comma-separated, across one or more headers, the
 * first occurrence of a preference winning, as in PostgREST. `tx=commit|rollback` is accepted
 * and ignored (PostgREST only honours it when configured to); `timezone=` and anything else
 * is collected as invalid, which is an error only under `handling=strict` (PGRST122).
 *
 * `count=planned` and `count=estimated` are kept as sent: without a query planner to ask,
 * the server should count them exactly, as PostgREST's estimated count does for small tables.
 */
export function parsePreferHeaders(headers: readonly string[]): Preferences {
  const preferences: Preferences = {
    return: null,
    count: null,
    resolution: null,
    missing: null,
    handling: null,
    maxAffected: null,
    invalid: [],
  };
  const tokens = headers.flatMap((header) => header.split(',')).map((token) => token.trim());
  for (const token of tokens) {
    if (token === '' || token === 'tx=commit' || token === 'tx=rollback') continue;
    if (!applyPreference(preferences, token)) preferences.invalid.push(token);
  }
  if (preferences.handling === 'strict' && preferences.invalid.length > 0) {
    throw new PostgrestError({
      status: 400,
      code: PostgrestCode.invalidPreferences,
      message: 'Invalid preferences given with handling=strict',
      details: `Invalid preferences: ${preferences.invalid.join(', ')}`,
    });
  }
  return preferences;
}

/**
 * Renders `Preference-Applied` for a response, or null when nothing should be sent. Like
 * PostgREST it echoes only the preferences that affect the given operation, in PostgREST's
 * order. `resolutionApplies` mirrors PostgREST, which echoes resolution on an insert only
 * when the table has a primary key or the request named `on_conflict`.
 */
export function renderPreferenceApplied(
  preferences: Preferences,
  operation: PreferenceOperation,
  options: { resolutionApplies?: boolean } = {},
): string | null {
  const mutates = operation !== 'read';
  const applied = [
    operation === 'insert' && (options.resolutionApplies ?? true) && preferences.resolution
      ? `resolution=${preferences.resolution}`
      : null,
    (operation === 'insert' || operation === 'update') && preferences.missing
      ? `missing=${preferences.missing}`
      : null,
    mutates && preferences.return ? `return=${preferences.return}` : null,
    preferences.count ? `count=${preferences.count}` : null,
    preferences.handling ? `handling=${preferences.handling}` : null,
    // max-affected is only enforced, so only acknowledged, together with handling=strict.
    (operation === 'update' || operation === 'delete') &&
    preferences.handling === 'strict' &&
    preferences.maxAffected !== null
      ? `max-affected=${preferences.maxAffected}`
      : null,
  ].filter((part): part is string => part !== null);
  return applied.length > 0 ? applied.join(', ') : null;
}

/** Maps an HTTP method to the operation PostgREST performs for it on a table. */
export function resolvePreferenceOperation(method: string): PreferenceOperation | null {
  switch (method.toUpperCase()) {
    case 'GET':
    case 'HEAD':
      return 'read';
    case 'POST':
      return 'insert';
    case 'PATCH':
      return 'update';
    case 'PUT':
      return 'upsert';
    case 'DELETE':
      return 'delete';
    default:
      return null;
  }
}

function applyPreference(preferences: Preferences, token: string): boolean {
  const maxAffected = MAX_AFFECTED.exec(token);
  if (maxAffected) {
    const count = Number(maxAffected[1]);
    if (!Number.isSafeInteger(count)) return false;
    preferences.maxAffected ??= count;
    return true;
  }
  const separator = token.indexOf('=');
  if (separator < 0) return false;
  const value = token.slice(separator + 1);
  switch (token.slice(0, separator)) {
    case 'return':
      return assign(RETURN_VALUES, value, (choice) => (preferences.return ??= choice));
    case 'count':
      return assign(COUNT_VALUES, value, (choice) => (preferences.count ??= choice));
    case 'resolution':
      return assign(RESOLUTION_VALUES, value, (choice) => (preferences.resolution ??= choice));
    case 'missing':
      return assign(MISSING_VALUES, value, (choice) => (preferences.missing ??= choice));
    case 'handling':
      return assign(HANDLING_VALUES, value, (choice) => (preferences.handling ??= choice));
    default:
      return false;
  }
}

/** Stores `value` if it is one of `choices`; reports whether it was recognised. */
function assign<T extends string>(
  choices: readonly T[],
  value: string,
  store: (choice: T) => void,
): boolean {
  const choice = choices.find((candidate) => candidate === value);
  if (choice === undefined) return false;
  store(choice);
  return true;
}
