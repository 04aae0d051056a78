import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/** Ids a client may propose: short, URL-safe, no surprises in logs or paths. */
export const clientId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'ids are 1 to 64 letters, digits, _ or -');

/** 'prefix_' plus a timestamp and a random part: the id shape of docs/product.md §3.1. */
export function generateRowId(prefix: string): string {
  return `${prefix}_${Date.now()}${randomBytes(4).toString('hex')}`;
}
