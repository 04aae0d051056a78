import type { Kysely } from 'kysely';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  ErrorCode,
  REFRESH_REUSE_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  type TokenSet,
} from '@campuscollab/shared';
import type { Database } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { isoTime } from '../../lib/timestamps';
import { deriveToken, generateId, generateToken, hashToken } from '../../lib/tokens';
import type { Authentication } from '../../plugins/authentication';

export interface SessionContext {
  db: Kysely<Database>;
  authentication: Authentication;
  /** Derives a rotated token's successor; see docs/decisions/003-refresh-token-rotation.md. */
  rotationKey: Buffer;
  onReuseDetected?: (familyId: string) => void;
}

interface SessionAccount {
  id: string;
  email: string;
}

const invalidRefreshToken = () =>
  new HttpError(401, ErrorCode.invalidToken, 'Invalid or expired refresh token');

async function buildTokenSet(
  context: SessionContext,
  account: SessionAccount,
  sessionId: string,
  refreshToken: string,
  issuedAt: number,
): Promise<TokenSet> {
  const accessToken = await context.authentication.signAccessToken({
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

/** A new sign-in: a new token family whose first member is this session. */
export async function startSession(
  context: SessionContext,
  account: SessionAccount,
  now = Date.now(),
): Promise<TokenSet> {
  const refreshToken = generateToken();
  const id = generateId();
  await context.db
    .insertInto('auth_sessions')
    .values({
      id,
      account_id: account.id,
      family_id: id,
      token_hash: hashToken(refreshToken),
      created_at: isoTime(now),
      expires_at: isoTime(now + REFRESH_TOKEN_TTL_SECONDS * 1000),
    })
    .execute();
  return buildTokenSet(context, account, id, refreshToken, Math.floor(now / 1000));
}

function findSessionByToken(db: Kysely<Database>, token: string) {
  return db
    .selectFrom('auth_sessions')
    .innerJoin('auth_accounts', 'auth_accounts.id', 'auth_sessions.account_id')
    .select([
      'auth_sessions.id',
      'auth_sessions.account_id',
      'auth_sessions.family_id',
      'auth_sessions.expires_at',
      'auth_sessions.rotated_at',
      'auth_sessions.revoked_at',
      'auth_accounts.email',
    ])
    .where('auth_sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();
}

/**
 * Exchanges a refresh token for a new pair. Each token is single-use; its successor is an HMAC
 * of it, so a replay within the grace period (two tabs racing) recomputes and returns the very
 * same pair without the server ever storing a usable token. A later replay means the token was
 * copied: the whole family is revoked and the thief and the victim must both sign in again.
 */
export async function rotateRefreshToken(
  context: SessionContext,
  token: string,
  now = Date.now(),
): Promise<TokenSet> {
  let session = await findSessionByToken(context.db, token);
  if (!session || session.revoked_at || session.expires_at <= isoTime(now))
    throw invalidRefreshToken();
  const account = { id: session.account_id, email: session.email };
  const successor = deriveToken(context.rotationKey, token);

  if (!session.rotated_at) {
    const claimed = session;
    const rotated = await context.db.transaction().execute(async (trx) => {
      // The conditional update is the lock: of two concurrent refreshes only one claims the row.
      const result = await trx
        .updateTable('auth_sessions')
        .set({ rotated_at: isoTime(now) })
        .where('id', '=', claimed.id)
        .where('rotated_at', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) return null;
      const successorId = generateId();
      await trx
        .insertInto('auth_sessions')
        .values({
          id: successorId,
          account_id: claimed.account_id,
          family_id: claimed.family_id,
          token_hash: hashToken(successor),
          created_at: isoTime(now),
          expires_at: isoTime(now + REFRESH_TOKEN_TTL_SECONDS * 1000),
        })
        .execute();
      return successorId;
    });
    if (rotated) {
      return buildTokenSet(context, account, rotated, successor, Math.floor(now / 1000));
    }
    session = await findSessionByToken(context.db, token);
    if (!session?.rotated_at) throw invalidRefreshToken();
  }

  const rotatedAt = Date.parse(session.rotated_at);
  if (now - rotatedAt <= REFRESH_REUSE_GRACE_SECONDS * 1000) {
    const next = await context.db
      .selectFrom('auth_sessions')
      .select(['id', 'revoked_at'])
      .where('token_hash', '=', hashToken(successor))
      .executeTakeFirst();
    if (!next || next.revoked_at) throw invalidRefreshToken();
    return buildTokenSet(context, account, next.id, successor, Math.floor(rotatedAt / 1000));
  }

  await revokeFamily(context.db, session.family_id, now);
  context.onReuseDetected?.(session.family_id);
  throw invalidRefreshToken();
}

export async function revokeFamily(db: Kysely<Database>, familyId: string, now = Date.now()) {
  await db
    .updateTable('auth_sessions')
    .set({ revoked_at: isoTime(now) })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Logout: ends the sign-in the token belongs to. Unknown tokens are ignored (idempotent). */
export async function revokeSessionByToken(db: Kysely<Database>, token: string, now = Date.now()) {
  const session = await findSessionByToken(db, token);
  if (session) await revokeFamily(db, session.family_id, now);
}
