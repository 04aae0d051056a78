import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenSet } from '@campuscollab/shared';
import { pruneExpiredSignIns } from '../../src/modules/auth/prune-sign-ins';
import { createVerifiedAccount } from '../helpers/accounts';
import { request, startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';

describe.each(DIALECTS)('pruning expired sign-ins on %s', (kind) => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  const refresh = (token: string) =>
    request<TokenSet>(server.baseUrl, 'POST', '/api/auth/refresh', {
      body: { refresh_token: token },
    });
  const tokenRows = () =>
    server.database.db
      .selectFrom('auth_refresh_tokens')
      .select(['session_id', 'generation', 'expires_at'])
      .orderBy('expires_at')
      .execute();
  const sessionIds = async () =>
    (await server.database.db.selectFrom('auth_sessions').select('id').orderBy('id').execute()).map(
      (row) => row.id,
    );

  it('deletes expired tokens and the sign-ins left without one, and nothing that still works', async () => {
    // An older sign-in that refreshed once (two tokens), then a newer one; a few milliseconds
    // apart, so a moment exists at which only the older one's tokens have expired.
    const older = await createVerifiedAccount(server.baseUrl, `older-${kind}@mit.edu`);
    const rotated = await refresh(older.refresh_token);
    expect(rotated.status).toBe(200);
    await sleep(5);
    const newer = await createVerifiedAccount(server.baseUrl, `newer-${kind}@mit.edu`);

    const before = await tokenRows();
    expect(before).toHaveLength(3);
    const newerSession = before.at(-1)!.session_id;
    const olderExpiry = Date.parse(before[1]!.expires_at);
    expect(Date.parse(before[2]!.expires_at)).toBeGreaterThan(olderExpiry);

    // Batches of one, so the run has to go on until a batch comes back short.
    const pruned = await pruneExpiredSignIns(server.database, olderExpiry, 1);

    expect(pruned).toEqual({ tokens: 2, signIns: 1 });
    expect((await tokenRows()).map((row) => row.session_id)).toEqual([newerSession]);
    expect(await sessionIds()).toEqual([newerSession]);
    expect((await refresh(rotated.body.refresh_token)).status).toBe(401);
    expect((await refresh(newer.refresh_token)).status).toBe(200);
  });

  it('finds nothing to delete while every token is live', async () => {
    const account = await createVerifiedAccount(server.baseUrl, `live-${kind}@mit.edu`);
    const rows = await tokenRows();

    expect(await pruneExpiredSignIns(server.database)).toEqual({ tokens: 0, signIns: 0 });
    expect(await tokenRows()).toEqual(rows);
    expect((await refresh(account.refresh_token)).status).toBe(200);
  });
});
