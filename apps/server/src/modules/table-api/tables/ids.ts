import { randomBytes } from 'node:crypto';

/** 'prefix_' plus a timestamp and a random part, the spec's shape for ids (section 3). */
export function generateRowId(prefix: string): string {
  return `${prefix}_${Date.now()}${randomBytes(4).toString('hex')}`;
}
