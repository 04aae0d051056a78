import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/dialects/types';
import type { Mailer } from '../../lib/mailer';
import type { Authentication } from '../../plugins/authentication';
import type { DomainEvents } from '../../plugins/events';
import type { BackgroundMail } from '../email/background-mail';
import type { SessionContext } from './sessions';

/** What the auth handlers need, built once in routes.ts. */
export interface AuthContext {
  /** The database: `db` for queries, and the queries it keeps compiled (db/compiled-queries/). */
  database: DatabaseHandle;
  authentication: Authentication;
  mailer: Mailer;
  events: DomainEvents;
  sessions: SessionContext;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Emails only some addresses get, sent after the reply (modules/email/background-mail.ts). */
  background: BackgroundMail;
}

/** An address of the web app: its in-memory page name and parameters, mirrored as `?page=`. */
function webAppUrl(publicUrl: string, page: string, params: Record<string, string> = {}): string {
  const url = new URL('/', publicUrl);
  url.searchParams.set('page', page);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/** Where the web app shows its sign-in tab, optionally with a notice. */
export function signInPageUrl(publicUrl: string, notice?: string): string {
  return webAppUrl(publicUrl, 'auth', { tab: 'signin', ...(notice && { notice }) });
}

/** The link in a verification email; the server sends it on to the verify page. */
export function verificationLink(publicUrl: string, token: string): string {
  const url = new URL('/api/auth/verify', publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/** The web app's page where the mailbox owner chooses the password and is signed in. */
export function verifyEmailPageUrl(publicUrl: string, token: string): string {
  return webAppUrl(publicUrl, 'verify-email', { token });
}

/** The link in a password reset email: the web app's reset form. */
export function resetPasswordPageUrl(publicUrl: string, token: string): string {
  return webAppUrl(publicUrl, 'reset-password', { token });
}
