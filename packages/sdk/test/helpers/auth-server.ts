import type { TokenSet } from '@campuscollab/shared/core';
import { vi } from 'vitest';
import { createClient, type ClientOptions } from '../../src/create-client';
import { createFakeServer, jsonResponse, type RecordedRequest } from './fake-server';
import { createSharedStorage } from './memory-storage';
import { makeTokenSet, makeUser } from './tokens';

export const TEST_URL = 'https://api.campus.test';
export const STORAGE_KEY = 'campuscollab.auth.campus';

const bearerOf = (request: RecordedRequest) =>
  request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '';

/**
 * A fake auth server: GET /me accepts the access tokens it issued (until revoked), POST
 * /refresh rotates refresh tokens (each single-use), POST /logout revokes.
 */
export function createAuthServer(user = makeUser()) {
  const server = createFakeServer();
  const validAccess = new Set<string>();
  const liveRefresh = new Set<string>();
  let issued = 0;

  const issue = (label = `issued-${++issued}`): TokenSet => {
    const tokens = makeTokenSet(user.id, label);
    validAccess.add(tokens.access_token);
    liveRefresh.add(tokens.refresh_token);
    return tokens;
  };

  server.on('GET', '/api/auth/me', (request) =>
    validAccess.has(bearerOf(request))
      ? jsonResponse(200, { user })
      : jsonResponse(401, { code: 'INVALID_TOKEN', message: 'Invalid or expired access token' }),
  );
  server.on('POST', '/api/auth/refresh', (request) => {
    const token = (request.body as { refresh_token: string }).refresh_token;
    if (!liveRefresh.delete(token)) {
      return jsonResponse(401, {
        code: 'INVALID_TOKEN',
        message: 'Invalid or expired refresh token',
      });
    }
    return jsonResponse(200, issue());
  });
  server.on('POST', '/api/auth/logout', (request) => {
    liveRefresh.delete((request.body as { refresh_token: string }).refresh_token);
    return new Response(null, { status: 204 });
  });

  return {
    server,
    user,
    /** A token set the server accepts. */
    issue,
    /** Makes the server refuse this access token from now on (as if expired on its clock). */
    revokeAccess: (token: string) => validAccess.delete(token),
    revokeRefresh: (token: string) => liveRefresh.delete(token),
    bearerOf,
  };
}

export type AuthServer = ReturnType<typeof createAuthServer>;

/** A client on the fake server, with a shared-storage double and a navigate spy. */
export function createTestClient(auth: AuthServer, options: Partial<ClientOptions> = {}) {
  const navigate = vi.fn<(url: string) => void>();
  const storage = options.storage ?? createSharedStorage();
  const client = createClient({
    url: TEST_URL,
    projectId: 'campus',
    fetch: auth.server.fetch,
    storage,
    navigate,
    locks: null,
    channelFactory: null,
    XMLHttpRequest: null,
    ...options,
  });
  return { client, navigate, storage };
}

/** Puts a token set in the storage entry, as a previous visit would have left it. */
export function storeTokens(
  storage: { setItem(key: string, value: string): void },
  tokens: TokenSet,
) {
  storage.setItem(STORAGE_KEY, JSON.stringify(tokens));
}
