import { createHmac, hash, randomBytes, randomUUID } from 'node:crypto';

/** An unguessable opaque token (256 bits), URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this hash, so a database leak yields no usable token. */
export function hashToken(token: string): string {
  // One call, no Hash object: it runs twice in every refresh.
  return hash('sha256', token, 'base64url');
}

/** Keyed derivation of one token from another (used for refresh-token successors). */
export function deriveToken(key: Buffer, token: string): string {
  return createHmac('sha256', key).update(token).digest('base64url');
}

export function generateId(): string {
  return randomUUID();
}
