import { randomBytes } from 'node:crypto';

/** 'prefix_' plus a timestamp and a random part: the id shape of docs/product.md §3.1. */
export function generateRowId(prefix: string): string {
  return `${prefix}_${Date.now()}${randomBytes(4).toString('hex')}`;
}
