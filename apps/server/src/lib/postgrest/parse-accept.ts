const SINGULAR_TYPES: ReadonlySet<string> = new Set([
  'application/vnd.pgrst.object+json',
  'application/vnd.pgrst.object',
]);

const PLURAL_TYPES: ReadonlySet<string> = new Set([
  'application/json',
  'application/vnd.pgrst.array+json',
  'application/vnd.pgrst.array',
  'application/*',
  '*/*',
]);

/**
 * Reads the `Accept` headers for PostgREST's singular media type, which postgrest-js's
 * `.single()` sends. The highest-q media type this parser knows decides; types it does not
 * know (text/csv, ...) are skipped and left to the caller's content negotiation.
 */
export function parseAcceptHeader(headers: readonly string[]): { singular: boolean } {
  // Nearly every request sends one media range without parameters (`*/*`, or
  // `application/json`), which needs no ranking.
  if (headers.length === 0) return { singular: false };
  const only = headers.length === 1 ? headers[0]! : null;
  if (only !== null && !only.includes(',') && !only.includes(';')) {
    return { singular: SINGULAR_TYPES.has(only.trim().toLowerCase()) };
  }
  const ranked = headers
    .flatMap((header) => header.split(','))
    .map((entry, index) => ({ ...parseMediaRange(entry), index }))
    .filter((entry) => entry.quality > 0)
    .sort((left, right) => right.quality - left.quality || left.index - right.index);
  for (const entry of ranked) {
    if (SINGULAR_TYPES.has(entry.type)) return { singular: true };
    if (PLURAL_TYPES.has(entry.type)) return { singular: false };
  }
  return { singular: false };
}

function parseMediaRange(entry: string): { type: string; quality: number } {
  const [type = '', ...parameters] = entry.split(';').map((part) => part.trim());
  let quality = 1;
  for (const parameter of parameters) {
    const [name, value] = parameter.split('=').map((part) => part.trim());
    if (name?.toLowerCase() === 'q' && value !== undefined) {
      const parsed = Number(value);
      quality = Number.isFinite(parsed) ? parsed : 0;
    }
  }
  return { type: type.toLowerCase(), quality };
}
