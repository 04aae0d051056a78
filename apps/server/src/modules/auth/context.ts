import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../lib/mailer';
import type { Authentication } from '../../plugins/authentication';
import type { DomainEvents } from '../../plugins/events';
import type { SessionContext } from './sessions';

/** What the auth handlers need, built once in routes.ts. */
export interface AuthContext {
  db: Kysely<Database>;
  authentication: Authentication;
  mailer: Mailer;
  events: DomainEvents;
  sessions: SessionContext;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** Where the web app shows its sign-in tab, optionally with a notice. */
export function signInPageUrl(publicUrl: string, notice?: string): string {
  const url = new URL('/', publicUrl);
  url.searchParams.set('page', 'auth');
  url.searchParams.set('tab', 'signin');
  if (notice) url.searchParams.set('notice', notice);
  return url.toString();
}

export function verificationLink(publicUrl: string, token: string): string {
  const url = new URL('/api/auth/verify', publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}
