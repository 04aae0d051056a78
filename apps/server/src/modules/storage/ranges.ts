import type { ByteRange } from '../../lib/file-store/file-store';

/** What a Range header asks of a file of `size` bytes. */
export type RangeRequest =
  { kind: 'whole' } | { kind: 'partial'; range: ByteRange } | { kind: 'unsatisfiable' };

const WHOLE: RangeRequest = { kind: 'whole' };

/**
 * One byte range, as audio players ask for when seeking (Safari will not play audio from a
 * server without them). Several ranges, malformed headers or an `If-Range` naming another
 * version get the whole file, which RFC 9110 allows.
 */
export function parseRange(
  header: string | undefined,
  ifRange: string | undefined,
  size: number,
  etag: string,
): RangeRequest {
  if (!header || (ifRange !== undefined && ifRange !== etag)) return WHOLE;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return WHOLE;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return WHOLE;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return WHOLE;
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: 'partial', range: { start, end } };
}

/** Whether an If-None-Match header already names this version (weak comparison, RFC 9110). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}
