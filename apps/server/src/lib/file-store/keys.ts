import { InvalidKeyError } from './file-store';

/**
 * The segments of a valid key. Every store refuses the same keys, so a path accepted on disk is
 * accepted in a bucket and the other way round: no `.` or `..` segment, no empty segment (and so
 * no leading, trailing or doubled '/'), no backslash or NUL, and no leading dot, which keeps the
 * disk store's temp folder out of reach.
 */
export function splitKey(key: string): string[] {
  const segments = key.split('/');
  const valid =
    !segments[0]?.startsWith('.') &&
    segments.every(
      (segment) =>
        segment !== '' &&
        segment !== '.' &&
        segment !== '..' &&
        !segment.includes('\\') &&
        !segment.includes('\0'),
    );
  if (!valid) throw new InvalidKeyError(`Invalid file key ${JSON.stringify(key)}`);
  return segments;
}

/** A prefix is a valid key followed by '/', so it names a whole folder, never part of a name. */
export function splitPrefix(prefix: string): string[] {
  if (!prefix.endsWith('/')) throw new InvalidKeyError(`Prefix must end with '/': ${prefix}`);
  return splitKey(prefix.slice(0, -1));
}
