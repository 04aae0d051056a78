import { PostgrestClient } from '@supabase/postgrest-js';
import { SdkError, SdkErrorKind } from '../errors/sdk-error';
import type { AuthorizedFetch } from '../http/authorized-fetch';

export interface ConnectionHooks {
  /** Sent as `cursor=`: postgrest-js has no method for the server's keyset extension. */
  cursor?: string | null | undefined;
  /** Sees the raw response, to read headers postgrest-js does not expose. */
  onResponse?: (response: Response) => void;
}

/**
 * A postgrest-js client on `/api/db/{project}/rest/v1` whose fetch adds the Bearer token
 * (refreshing first when needed, and once more after a 401). A missing session becomes the
 * server's own 401 shape rather than a thrown error, which postgrest-js would report as a
 * network failure.
 */
export function createPostgrestClient(
  restUrl: string,
  authorizedFetch: AuthorizedFetch,
  options: { retry?: boolean; hooks?: ConnectionHooks } = {},
): PostgrestClient {
  const { hooks } = options;
  const fetchWithToken = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (hooks?.cursor) url.searchParams.set('cursor', hooks.cursor);
    try {
      const response = await authorizedFetch(url.toString(), init);
      hooks?.onResponse?.(response);
      return response;
    } catch (error) {
      if (!(error instanceof SdkError) || error.kind !== SdkErrorKind.auth) throw error;
      return new Response(JSON.stringify({ code: error.code, message: error.message }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      });
    }
  };
  return new PostgrestClient(restUrl, {
    fetch: fetchWithToken as typeof fetch,
    ...(options.retry === undefined ? {} : { retry: options.retry }),
  });
}
