import { createAuthError, SdkMessage } from '../errors/sdk-error';

export type FetchFunction = (
  input: string | URL | Request,
  init?: RequestInit,
) => Promise<Response>;

/** What an authorized request needs from the auth session. */
export interface AccessTokenSource {
  /**
   * A usable access token, refreshed first when it counts as expired (docs/product.md §4.3); null
   * when signed out. Throws an SdkError when a needed refresh could not reach the server.
   */
  getAccessToken(): Promise<string | null>;
  /**
   * Called after the server answered 401 to `staleToken`: refreshes once (or returns the token
   * another request already got) and returns the new access token, or null when signed out.
   */
  renewAfterUnauthorized(staleToken: string): Promise<string | null>;
}

/** 'required': no session is an AUTH_ERROR; 'optional': sent anonymously (analytics). */
export type AuthMode = 'required' | 'optional';

function withBearer(init: RequestInit | undefined, token: string | null): RequestInit {
  const headers = new Headers(init?.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  else headers.delete('authorization');
  return { ...init, headers };
}

/**
 * A fetch that adds `Authorization: Bearer <access token>`, refreshing first when the token
 * counts as expired, and on a 401 refreshes once and retries once. The body must be re-sendable
 * (a string, Blob or FormData; not a stream).
 */
export function createAuthorizedFetch(fetch: FetchFunction, tokens: AccessTokenSource) {
  return async function authorizedFetch(
    input: string | URL,
    init?: RequestInit,
    mode: AuthMode = 'required',
  ): Promise<Response> {
    const token = await tokens.getAccessToken();
    if (!token && mode === 'required') throw createAuthError(SdkMessage.noAccessToken);
    const response = await fetch(input, withBearer(init, token));
    // Only a token we sent can be stale; an anonymous 401 is the server's final word.
    if (response.status !== 401 || !token) return response;
    const renewed = await tokens.renewAfterUnauthorized(token);
    if (!renewed) return response;
    return fetch(input, withBearer(init, renewed));
  };
}

export type AuthorizedFetch = ReturnType<typeof createAuthorizedFetch>;
