import { ANALYTICS_STRING_MAX } from '@campuscollab/shared';

/** Nesting deeper than this is refused: it bounds the recursion below, whatever the body holds. */
export const PROPERTIES_MAX_DEPTH = 5;
/** The stored JSON of one event's properties, after clipping, in UTF-8 bytes. */
export const PROPERTIES_MAX_BYTES = 4096;

export type ClipResult =
  { ok: true; value: Record<string, unknown> } | { ok: false; reason: string };

/**
 * docs/product.md §7.7 clips analytics strings to 256 characters. A cut never splits a surrogate
 * pair: half an emoji would be stored as an invalid character.
 */
export function clipString(value: string, max = ANALYTICS_STRING_MAX): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

function clipValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return clipString(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= PROPERTIES_MAX_DEPTH) throw new RangeError('too deep');
  if (Array.isArray(value)) return value.map((item) => clipValue(item, depth + 1));
  const clipped: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // Keys are strings the client chose too, so they are clipped like values.
    clipped[clipString(key)] = clipValue(item, depth + 1);
  }
  return clipped;
}

/** Clips every string, keys included, then checks depth and stored size. */
export function clipProperties(properties: Record<string, unknown>): ClipResult {
  let value: Record<string, unknown>;
  try {
    value = clipValue(properties, 0) as Record<string, unknown>;
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return { ok: false, reason: `properties must nest at most ${PROPERTIES_MAX_DEPTH} levels` };
  }
  if (Buffer.byteLength(JSON.stringify(value)) > PROPERTIES_MAX_BYTES) {
    return { ok: false, reason: `properties must be at most ${PROPERTIES_MAX_BYTES} bytes` };
  }
  return { ok: true, value };
}
