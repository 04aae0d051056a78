import type { Random } from '../random';

// Seeded ids end in the row's serial number, so they are unique by construction: random ids
// would need a uniqueness check per row, which a million-row load cannot afford.

/** A UUID v4-shaped account id, like the ones sign-up makes (lib/tokens.ts generateId). */
export function formatAccountId(random: Random, serial: number): string {
  const bits = random.hex8() + random.hex8();
  const variant = '89ab'[random.int(0, 3)] ?? '8';
  return [
    bits.slice(0, 8),
    bits.slice(8, 12),
    `4${bits.slice(12, 15)}`,
    `${variant}${random.hex8().slice(0, 3)}`,
    serial.toString(16).padStart(12, '0'),
  ].join('-');
}

/** A row id shaped like the table API's own (modules/table-api/tables/ids.ts): prefix, time, hex. */
export function formatRowId(prefix: string, createdMs: number, serial: number): string {
  return `${prefix}_${createdMs}${serial.toString(16).padStart(8, '0')}`;
}

/** ISO 8601 in UTC, the format every timestamp column holds (db/schema.ts). */
export function formatTime(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * A moment between `fromMs` and `toMs`. `skew` below 1 leans towards `toMs` (activity that grows
 * over time), above 1 towards `fromMs` (an edit soon after creation, if ever).
 */
export function pickTimeBetween(random: Random, fromMs: number, toMs: number, skew = 1): number {
  const span = Math.max(0, toMs - fromMs);
  return Math.floor(fromMs + span * random.next() ** skew);
}
