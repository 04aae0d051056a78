import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { request, type TestApp } from '../helpers/test-app';
import { buildSocketUrl, closeAllSockets, connectSocket } from '../realtime/helpers/socket-client';
import { startInstances, type Instances } from './helpers/instances';

/**
 * Ending a sign-in on one instance ends it on every instance at once (docs/security.md), not
 * when another instance's remembered answer runs out (10 s).
 */
describe('ended sign-ins across two instances on one PostgreSQL database', () => {
  let instances: Instances;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    instances = await startInstances(2);
    [a, b] = instances.apps as [TestApp, TestApp];
  });
  afterEach(() => closeAllSockets());
  afterAll(() => instances.close());

  const meOn = async (server: TestApp, token: string) =>
    (await request(server.baseUrl, 'GET', '/api/auth/me', { token })).status;

  it('refuses a token logged out on A on B, and B closes its socket with 4401', async () => {
    const ada = await createVerifiedAccount(a.baseUrl, 'ada-logout@mit.edu');
    // B has seen the token live and remembers it.
    expect(await meOn(b, ada.access_token)).toBe(200);
    const onB = await connectSocket(buildSocketUrl(b.baseUrl, ada.access_token));
    expect((await onB.call({ type: 'ping' })).type).toBe('pong');

    const logout = await request(a.baseUrl, 'POST', '/api/auth/logout', {
      body: { refresh_token: ada.refresh_token },
    });
    expect(logout.status).toBe(204);

    expect(await onB.closed()).toEqual({ code: 4401, reason: 'Session ended' });
    expect(await meOn(b, ada.access_token)).toBe(401);
    expect(await meOn(a, ada.access_token)).toBe(401);
  });

  it('refuses a deleted account on B, and B closes its sockets with 4401', async () => {
    const bob = await createVerifiedAccount(a.baseUrl, 'bob-delete@mit.edu');
    const carol = await createVerifiedAccount(a.baseUrl, 'carol-stays@mit.edu');
    expect(await meOn(b, bob.access_token)).toBe(200);
    const bobOnB = await connectSocket(buildSocketUrl(b.baseUrl, bob.access_token));
    const carolOnB = await connectSocket(buildSocketUrl(b.baseUrl, carol.access_token));

    const deleted = await request(a.baseUrl, 'DELETE', '/api/auth/me', {
      token: bob.access_token,
    });
    expect(deleted.status).toBe(204);

    expect(await bobOnB.closed()).toEqual({ code: 4401, reason: 'Account deleted' });
    expect(await meOn(b, bob.access_token)).toBe(401);
    // Only that account's sockets close.
    expect((await carolOnB.call({ type: 'ping' })).type).toBe('pong');
    expect(await meOn(b, carol.access_token)).toBe(200);
  });
});
