import { LRUCache } from 'lru-cache';
import { defineQuery } from '../db/compiled-queries/define-query';
import type { DatabaseHandle } from '../db/dialects/types';

/** Sign-ins that ended: some of an account's, or all of them (`sessionIds: null`). */
export interface EndedSessions {
  accountId: string;
  sessionIds: readonly string[] | null;
}

/**
 * Whether the sign-in an access token was issued for is still live. Access tokens are signed
 * for 15 minutes, but logout, a password reset and account deletion end their sign-in at once
 * (docs/security.md), so every request's token is checked against its session.
 */
export interface LiveSessions {
  isLive(sessionId: string, accountId: string): Promise<boolean>;
  /** Forgets what was known of these sign-ins; call it as soon as they end. */
  forget(ended: EndedSessions): void;
  /** Forgets every sign-in, when endings may have been missed (the cluster bus reconnected). */
  forgetAll(): void;
}

/** Sessions known live, remembered so a busy client does not cost a query per request. */
const REMEMBERED_SESSIONS = 10_000;
/**
 * How long a live answer is trusted without asking the database again: the bound on how late
 * a sign-in ended by another process (another instance, a script) is noticed here.
 */
const REMEMBER_MS = 10_000;

/** Readings of one session a check may take when sign-ins keep ending meanwhile. */
const MAX_LOOKUPS = 3;

/** A live sign-in's account; kept compiled (db/compiled-queries/), as every request asks. */
const sessionOwnerQuery = defineQuery((db, [sessionId]: [string]) =>
  db
    .selectFrom('auth_sessions')
    .select('account_id')
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null),
);

async function findSessionOwner(database: DatabaseHandle, sessionId: string) {
  const rows = await database.compiledQueries.rows(sessionOwnerQuery, [sessionId]);
  return rows[0]?.account_id;
}

export function createLiveSessions(database: DatabaseHandle): LiveSessions {
  // Session id -> account id, for sessions seen live within REMEMBER_MS.
  const live = new LRUCache<string, string>({ max: REMEMBERED_SESSIONS, ttl: REMEMBER_MS });
  // Counts endings: a lookup that overlapped one may have read the row before it changed.
  let endings = 0;

  return {
    async isLive(sessionId, accountId) {
      if (live.get(sessionId) === accountId) return true;
      for (let attempt = 1; ; attempt++) {
        const seen = endings;
        const owner = await findSessionOwner(database, sessionId);
        const overlapped = seen !== endings;
        // Ask again after an overlap; under a stream of logouts, answer the latest reading
        // after a few tries but do not remember it.
        if (overlapped && attempt < MAX_LOOKUPS) continue;
        if (owner !== accountId) return false;
        if (!overlapped) live.set(sessionId, accountId);
        return true;
      }
    },
    forget({ accountId, sessionIds }) {
      endings += 1;
      if (sessionIds) {
        for (const sessionId of sessionIds) live.delete(sessionId);
        return;
      }
      for (const [sessionId, owner] of live.entries()) {
        if (owner === accountId) live.delete(sessionId);
      }
    },
    forgetAll() {
      endings += 1;
      live.clear();
    },
  };
}
