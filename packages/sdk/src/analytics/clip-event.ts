import { ANALYTICS_STRING_MAX } from '@campuscollab/shared/core';

/** The server refuses an event name over 100 characters, and with it the whole batch. */
export const EVENT_NAME_MAX = 100;
/** The server refuses properties nested deeper than this (apps/server analytics/clip-properties.ts). */
const MAX_DEPTH = 5;

/**
 * docs/product.md §7.7: strings at most 256 characters. A cut never splits a surrogate pair, which
 * would leave half an emoji as an invalid character (the server clips the same way).
 */
export function clipString(value: string, max = ANALYTICS_STRING_MAX): string {
  if (value.length <= max) return value;
  const cut = value.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

function clipValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return clipString(value);
  if (value instanceof Date) return value.toISOString();
  if (value === null || typeof value !== 'object') return value;
  // Deeper values are dropped rather than losing the whole batch to the server's refusal.
  if (depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) return value.map((item) => clipValue(item, depth + 1) ?? null);
  const clipped: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const inner = clipValue(item, depth + 1);
    if (inner !== undefined) clipped[clipString(key)] = inner;
  }
  return clipped;
}

/** Every string of the properties clipped, keys included; too-deep values dropped. */
export function clipProperties(properties: Record<string, unknown>): Record<string, unknown> {
  return clipValue(properties, 0) as Record<string, unknown>;
}
