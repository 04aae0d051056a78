import {
  ACCESS_TOKEN_TTL_SECONDS,
  ErrorCode,
  REFRESH_REUSE_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  type TokenSet,
} from '@campuscollab/shared';
import { sql } from 'kysely';
import { defineQuery } from '../../db/compiled-queries/define-query';
import type { DatabaseHandle } from '../../db/dialects/types';
import { HttpError } from '../../lib/http-error';
import { isoTime } from '../../lib/timestamps';
import { deriveToken, generateId, hashToken } from '../../lib/tokens';
import type { Authentication } from '../../plugins/authentication';
import type { DomainEvents } from '../../plugins/events';
import {
  readRefreshTokenName,
  refreshTokenText,
  type RefreshTokenName,
} from './refresh-token-text';

export interface SessionContext {
  database: DatabaseHandle;
  authentication: Authentication;
  /** Told when sign-ins end, so their access tokens and sockets end with them. */
  events: DomainEvents;
  /** Derives a rotated token's successor; see docs/decisions/003-refresh-token-rotation.md. */
  rotationKey: Buffer;
  onReuseDetected?: (sessionId: string) => void;
}

interface SessionAccount {
  id: string;
  email: string;
}

const invalidRefreshToken = () =>
  new HttpError(401, ErrorCode.invalidToken, 'Invalid or expired refresh token');

function buildTokenSet(
  context: SessionContext,
  account: SessionAccount,
  sessionId: string,
  refreshToken: string,
  issuedAt: number,
): TokenSet {
  const accessToken = context.authentication.signAccessToken({
    accountId: account.id,
    email: account.email,
    sessionId,
    issuedAt,
  });
  return {
    access_token: accessToken,
    refresh_token: refreshToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    refresh_expires_in: REFRESH_TOKEN_TTL_SECONDS,
    issued_at: issuedAt,
  };
}

/** A new sign-in, and its first refresh token (generation 0). */
export async function startSession(
  context: SessionContext,
  account: SessionAccount,
  now = Date.now(),
): Promise<TokenSet> {
  const sessionId = generateId();
  const refreshToken = refreshTokenText({ sessionId, generation: 0 });
  await context.database.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('auth_sessions')
      .values({ id: sessionId, account_id: account.id, created_at: isoTime(now) })
      .execute();
    await trx
      .insertInto('auth_refresh_tokens')
      .values(refreshTokenRow({ sessionId, generation: 0 }, refreshToken, now))
      .execute();
  });
  return buildTokenSet(context, account, sessionId, refreshToken, Math.floor(now / 1000));
}

function refreshTokenRow(name: RefreshTokenName, token: string, now: number) {
  return {
    session_id: name.sessionId,
    generation: name.generation,
    token_hash: hashToken(token),
    created_at: isoTime(now),
    expires_at: isoTime(now + REFRESH_TOKEN_TTL_SECONDS * 1000),
  };
}

/**
 * A refresh token's row with its sign-in, its account and, once it has been used, its
 * successor: what tells a replay within the grace period from a stolen token, and what logout
 * reads. Kept compiled (db/compiled-queries/), as is the rotation's insert below.
 */
const refreshTokenQuery = defineQuery(
  (db, [sessionId, generation, successorGeneration]: [string, number, number]) =>
    db
      .selectFrom('auth_refresh_tokens as token')
      .innerJoin('auth_sessions as session', 'session.id', 'token.session_id')
      .innerJoin('auth_accounts as account', 'account.id', 'session.account_id')
      .leftJoin('auth_refresh_tokens as successor', (join) =>
        join
          .onRef('successor.session_id', '=', 'token.session_id')
          .on('successor.generation', '=', successorGeneration),
      )
      .select([
        'token.token_hash',
        'token.expires_at',
        'session.revoked_at',
        'session.account_id',
        'account.email',
        // When the token was used: its successor's created_at.
        'successor.created_at as rotated_at',
        'successor.token_hash as successor_hash',
      ])
      .where('token.session_id', '=', sessionId)
      .where('token.generation', '=', generation),
);

async function findRefreshToken(database: DatabaseHandle, name: RefreshTokenName) {
  const rows = await database.compiledQueries.rows(refreshTokenQuery, [
    name.sessionId,
    name.generation,
    name.generation + 1,
  ]);
  return rows[0];
}

type RotateValues = [string, number, string, string, string, string, string];

/**
 * The usual refresh in one statement: inserts the successor of the presented token if that token
 * is ours (its hash), unexpired, unused (the successor's primary key is free) and its sign-in not
 * ended, and answers the account it signs in. Nothing comes back in every other case, which the
 * full lookup then tells apart. On PostgreSQL a refresh was a lookup and an insert, two round
 * trips; this is one (docs/decisions/022-performance-second-round.md).
 */
const rotateUnusedQuery = defineQuery(
  (
    db,
    [sessionId, generation, tokenHash, now, successorHash, createdAt, expiresAt]: RotateValues,
  ) =>
    db
      .insertInto('auth_refresh_tokens')
      .columns(['session_id', 'generation', 'token_hash', 'created_at', 'expires_at'])
      .expression((eb) =>
        eb
          .selectFrom('auth_refresh_tokens as token')
          .innerJoin('auth_sessions as session', 'session.id', 'token.session_id')
          .select([
            'token.session_id',
            sql<number>`${sql.ref('token.generation')} + 1`.as('generation'),
            eb.val(successorHash).as('token_hash'),
            eb.val(createdAt).as('created_at'),
            eb.val(expiresAt).as('expires_at'),
          ])
          .where('token.session_id', '=', sessionId)
          .where('token.generation', '=', generation)
          .where('token.token_hash', '=', tokenHash)
          .where('token.expires_at', '>', now)
          .where('session.revoked_at', 'is', null),
      )
      .onConflict((conflict) => conflict.doNothing())
      .returning((eb) => {
        const account = eb
          .selectFrom('auth_sessions as owner')
          .innerJoin('auth_accounts as account', 'account.id', 'owner.account_id')
          .whereRef('owner.id', '=', 'auth_refresh_tokens.session_id');
        return [
          account.select('account.id').as('account_id'),
          account.select('account.email').as('email'),
        ];
      }),
);

/**
 * Rotates a valid, unused token: its successor's row, inserted, and the account; null otherwise.
 * The refreshes of one turn of the event loop share a commit on SQLite
 * (db/dialects/sqlite-group-commit.ts).
 */
async function rotateUnusedToken(
  database: DatabaseHandle,
  presented: { token: string; name: RefreshTokenName },
  successor: ReturnType<typeof refreshTokenRow>,
  now: number,
): Promise<SessionAccount | null> {
  const { rows } = await database.compiledQueries.runInCommitGroup(rotateUnusedQuery, [
    presented.name.sessionId,
    presented.name.generation,
    hashToken(presented.token),
    isoTime(now),
    successor.token_hash,
    successor.created_at,
    successor.expires_at,
  ]);
  const account = rows[0];
  return account?.account_id && account.email
    ? { id: account.account_id, email: account.email }
    : null;
}

/**
 * The row of a token that is really ours: the text names a row and hashes to its hash. The hash
 * is compared plainly: an attacker who can time it learns about a SHA-256 output, not the token.
 */
async function findPresentedToken(database: DatabaseHandle, token: string) {
  const name = readRefreshTokenName(token);
  const row = name && (await findRefreshToken(database, name));
  return name && row && row.token_hash === hashToken(token) ? { name, row } : null;
}

/**
 * Exchanges a refresh token for a new pair. Each token is single-use; its successor is the next
 * generation of the same sign-in, with an HMAC of it as secret, so a replay within the grace
 * period (two tabs racing) recomputes and returns the very same pair without the server ever
 * storing a usable token. A later replay means the token was copied: the whole sign-in is
 * revoked and the thief and the victim must both sign in again.
 */
export async function rotateRefreshToken(
  context: SessionContext,
  token: string,
  now = Date.now(),
): Promise<TokenSet> {
  const name = readRefreshTokenName(token);
  if (!name) throw invalidRefreshToken();
  const successorName = { sessionId: name.sessionId, generation: name.generation + 1 };
  const successor = refreshTokenText(successorName, deriveToken(context.rotationKey, token));

  // Of two concurrent refreshes with one token, only one inserts the successor.
  const successorRow = refreshTokenRow(successorName, successor, now);
  const account = await rotateUnusedToken(context.database, { token, name }, successorRow, now);
  if (account) {
    return buildTokenSet(context, account, name.sessionId, successor, Math.floor(now / 1000));
  }

  // Not rotated: the token is not ours, no longer valid, or used already.
  const found = await findPresentedToken(context.database, token);
  if (!found || found.row.revoked_at || found.row.expires_at <= isoTime(now))
    throw invalidRefreshToken();
  const { row } = found;
  if (!row.rotated_at) throw invalidRefreshToken();

  const rotatedAt = Date.parse(row.rotated_at);
  if (now - rotatedAt <= REFRESH_REUSE_GRACE_SECONDS * 1000) {
    if (row.successor_hash !== hashToken(successor)) throw invalidRefreshToken();
    const same = { id: row.account_id, email: row.email };
    return buildTokenSet(context, same, name.sessionId, successor, Math.floor(rotatedAt / 1000));
  }

  await revokeSession(context, { accountId: row.account_id, sessionId: name.sessionId }, now);
  context.onReuseDetected?.(name.sessionId);
  throw invalidRefreshToken();
}

/** Ends one sign-in: its refresh tokens, access tokens and sockets stop working. */
export async function revokeSession(
  context: Pick<SessionContext, 'database' | 'events'>,
  session: { accountId: string; sessionId: string },
  now = Date.now(),
): Promise<void> {
  await context.database.db
    .updateTable('auth_sessions')
    .set({ revoked_at: isoTime(now) })
    .where('id', '=', session.sessionId)
    .where('revoked_at', 'is', null)
    .execute();
  // Awaited, so the caller answers only once nothing accepts the sign-in any more.
  await context.events.emit('sessions.ended', {
    accountId: session.accountId,
    sessionIds: [session.sessionId],
  });
}

/**
 * Ends every sign-in of an account (password reset): its refresh tokens stop working, and so do
 * the access tokens issued for those sign-ins and the sockets they opened.
 */
export async function revokeAccountSessions(
  context: Pick<SessionContext, 'database' | 'events'>,
  accountId: string,
  now = Date.now(),
): Promise<void> {
  await context.database.db
    .updateTable('auth_sessions')
    .set({ revoked_at: isoTime(now) })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .execute();
  await context.events.emit('sessions.ended', { accountId, sessionIds: null });
}

/** Logout: ends the sign-in the token belongs to. Unknown tokens are ignored (idempotent). */
export async function revokeSessionByToken(
  context: Pick<SessionContext, 'database' | 'events'>,
  token: string,
  now = Date.now(),
): Promise<void> {
  const found = await findPresentedToken(context.database, token);
  if (!found) return;
  await revokeSession(
    context,
    { accountId: found.row.account_id, sessionId: found.name.sessionId },
    now,
  );
}
