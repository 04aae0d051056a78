import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '@campuscollab/server/testing';
import { createChannelHub, createLockManager } from './helpers/cross-tab';
import { createSharedStorage } from './helpers/memory-storage';
import {
  createNodeClient,
  readVerificationLink,
  readVerificationToken,
  signUpThroughSdk,
} from './helpers/real-client';

const STORAGE_KEY = 'campuscollab.auth.campus';
const EXPIRED_SOON = 880_000; // a clock this far ahead sees a fresh access token as expired

describe('auth against the real server (SQLite)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('signs up, verifies, signs in, reads and updates the account', async () => {
    const email = 'ada@mit.edu';
    const password = 'correct-horse-battery';
    const { client, storage } = createNodeClient(app.baseUrl);
    await client.auth.ready;

    const signUp = await client.auth.signUp(email, password);
    expect(signUp).toEqual({ data: { user: { email, emailVerified: false } }, error: null });

    // Before the link's page sets the password, the sign-up's own is only told to verify.
    const early = await client.auth.signInWithEmail(email, password);
    expect(early.error).toMatchObject({ status: 403, code: 'EMAIL_NOT_VERIFIED' });
    expect(client.auth.getState().isAuthenticated).toBe(false);
    expect((await client.auth.sendEmailVerification(email)).data).toEqual({ sent: true });

    const token = await readVerificationToken(app.baseUrl, email);
    const verified = await client.auth.verifyEmail(token, password);
    expect(verified.error).toBeNull();
    expect(verified.data?.user).toMatchObject({ email, emailVerified: true });
    expect(client.auth.getUser()).toMatchObject({ email, emailVerified: true });
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!).refresh_token).toBe(
      verified.data?.session.refresh_token,
    );
    const reused = await client.auth.verifyEmail(token, password);
    expect(reused.error).toMatchObject({ status: 400, code: 'INVALID_LINK' });

    const wrong = await client.auth.signInWithEmail(email, 'not-the-password');
    expect(wrong.error).toMatchObject({
      kind: 'VALIDATION_ERROR',
      status: 400,
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid login credentials',
    });

    const signIn = await client.auth.signInWithEmail(email, password);
    expect(signIn.error).toBeNull();
    expect(signIn.data?.user).toMatchObject({ email, emailVerified: true });
    expect(signIn.data?.session).toMatchObject({
      token_type: 'bearer',
      expires_in: 900,
      refresh_expires_in: 2_592_000,
    });
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!).refresh_token).toBe(
      signIn.data?.session.refresh_token,
    );

    const me = await client.auth.me();
    expect(me.data).toMatchObject({ id: signIn.data?.user.id, email, displayName: null });
    const updated = await client.auth.updateMe({ displayName: 'Ada Lovelace' });
    expect(updated.data?.displayName).toBe('Ada Lovelace');
    expect(client.auth.getUser()?.displayName).toBe('Ada Lovelace');

    // A reload: a new client on the same storage validates the stored tokens with /me.
    const reloaded = createNodeClient(app.baseUrl, { storage }).client;
    await reloaded.auth.ready;
    expect(reloaded.auth.getUser()).toMatchObject({ email, displayName: 'Ada Lovelace' });
  });

  it('refreshes expired tokens, once for two tabs, and logout revokes the session', async () => {
    const email = 'grace@mit.edu';
    const password = 'correct-horse-battery';
    const first = createNodeClient(app.baseUrl).client;
    await first.auth.ready;
    await first.auth.signUp(email, password);
    await first.auth.verifyEmail(await readVerificationToken(app.baseUrl, email), password);
    const signIn = await first.auth.signInWithEmail(email, password);
    const original = signIn.data!.session;

    // Two tabs whose clocks say the access token is about to expire: one refresh between them.
    const storage = createSharedStorage();
    storage.setItem(STORAGE_KEY, JSON.stringify(original));
    let refreshes = 0;
    const countingFetch = (input: string | URL | Request, init?: RequestInit) => {
      if (String(input).endsWith('/api/auth/refresh')) refreshes += 1;
      return fetch(input, init);
    };
    const shared = {
      storage,
      locks: createLockManager(),
      channelFactory: createChannelHub(),
      now: () => Date.now() + EXPIRED_SOON,
      fetch: countingFetch,
    };
    const tabA = createNodeClient(app.baseUrl, shared).client;
    const tabB = createNodeClient(app.baseUrl, shared).client;
    await Promise.all([tabA.auth.ready, tabB.auth.ready]);

    expect(tabA.auth.getUser()?.email).toBe(email);
    expect(tabB.auth.getUser()?.email).toBe(email);
    expect(refreshes).toBe(1);
    const refreshed = JSON.parse(storage.getItem(STORAGE_KEY)!);
    expect(refreshed.refresh_token).not.toBe(original.refresh_token);
    expect(tabA.auth.getState().tokens?.refresh_token).toBe(refreshed.refresh_token);
    expect(tabB.auth.getState().tokens?.refresh_token).toBe(refreshed.refresh_token);

    // Still one sign-in: the rotated token was never replayed outside the grace period.
    const later = createNodeClient(app.baseUrl, {
      storage: createSharedStorage(),
      now: () => Date.now() + EXPIRED_SOON,
    });
    later.storage.setItem(STORAGE_KEY, JSON.stringify(refreshed));
    await later.client.auth.ready;
    expect(later.client.auth.getUser()?.email).toBe(email);

    // Logout revokes the whole sign-in: its tokens no longer refresh.
    const loggedOut = await later.client.auth.logout();
    expect(loggedOut.error).toBeNull();
    const revoked = await fetch(`${app.baseUrl}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        refresh_token:
          later.client.auth.getState().tokens?.refresh_token ?? refreshed.refresh_token,
      }),
    });
    expect(revoked.status).toBe(401);
    expect(later.client.auth.getState().isAuthenticated).toBe(false);
  });

  it('asks for a reset link and sets a new password with it', async () => {
    const email = 'hedy@mit.edu';
    const { client } = await signUpThroughSdk(app.baseUrl, email, 'the-first-password');

    expect(await client.auth.recoverPassword(email)).toEqual({ data: { sent: true }, error: null });
    expect((await client.auth.recoverPassword('nobody@mit.edu')).data).toEqual({ sent: true });
    // The email goes out after the answer.
    let link = '';
    await vi.waitFor(async () => {
      link = await readVerificationLink(app.baseUrl, email);
      expect(link).toContain('page=reset-password');
    });
    const token = new URL(link).searchParams.get('token')!;

    expect(await client.auth.resetPassword(token, 'the-second-password')).toEqual({
      data: null,
      error: null,
    });
    const reused = await client.auth.resetPassword(token, 'a-third-password');
    expect(reused.error).toMatchObject({ kind: 'VALIDATION_ERROR', code: 'INVALID_LINK' });
    const old = await client.auth.signInWithEmail(email, 'the-first-password');
    expect(old.error).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const signIn = await client.auth.signInWithEmail(email, 'the-second-password');
    expect(signIn.error).toBeNull();
  });
});
