import { errorFromResponse } from '../errors/error-from-response';
import { createAbortError, toSdkError, type SdkErrorKind } from '../errors/sdk-error';
import type { AuthMode, AuthorizedFetch, FetchFunction } from './authorized-fetch';
import { fail, ok, type Result } from './result';

export interface ApiRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Path under the server's URL, such as `/api/auth/me`. */
  path: string;
  query?: Record<string, string | number | undefined>;
  /** A JSON value (serialised here) or a FormData/Blob sent as is. */
  body?: unknown;
  /** 'none' sends no token at all (sign-in, refresh, logout). */
  auth: AuthMode | 'none';
  /** The capability's kind for failures other than 0, 400 and 401. */
  kind: SdkErrorKind;
  /** Replaces 'HTTP {status}' when the server's answer carries no message. */
  fallbackMessage?: string;
  /** How to read a successful body; JSON by default (an empty body reads as null). */
  responseType?: 'json' | 'blob' | 'response';
  keepalive?: boolean;
  signal?: AbortSignal;
}

export interface ApiClient {
  /** Absolute URL of a server path with its query. */
  urlFor(path: string, query?: ApiRequest['query']): string;
  /** Sends one request; resolves to `{ data, error }` and never rejects. */
  request<T>(request: ApiRequest): Promise<Result<T>>;
}

const isSentAsIs = (body: unknown) =>
  body instanceof FormData || body instanceof Blob || typeof body === 'string';

async function readBody(response: Response, type: ApiRequest['responseType']): Promise<unknown> {
  if (type === 'response') return response;
  if (type === 'blob') return response.blob();
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

/** The JSON client every capability but tables (postgrest-js) uses. */
export function createApiClient(options: {
  baseUrl: string;
  fetch: FetchFunction;
  authorizedFetch: AuthorizedFetch;
}): ApiClient {
  const base = options.baseUrl.replace(/\/+$/, '');

  const urlFor = (path: string, query: ApiRequest['query'] = {}) => {
    const url = new URL(`${base}${path}`);
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.toString();
  };

  async function request<T>(spec: ApiRequest): Promise<Result<T>> {
    const headers = new Headers();
    let body: BodyInit | undefined;
    if (spec.body !== undefined) {
      if (isSentAsIs(spec.body)) {
        body = spec.body as BodyInit;
      } else {
        body = JSON.stringify(spec.body);
        headers.set('content-type', 'application/json');
      }
    }
    const init: RequestInit = { method: spec.method, headers, body };
    if (spec.keepalive) init.keepalive = true;
    if (spec.signal) init.signal = spec.signal;
    const url = urlFor(spec.path, spec.query);
    try {
      const response =
        spec.auth === 'none'
          ? await options.fetch(url, init)
          : await options.authorizedFetch(url, init, spec.auth);
      if (!response.ok) {
        return fail(await errorFromResponse(response, spec.kind, spec.fallbackMessage));
      }
      return ok((await readBody(response, spec.responseType)) as T);
    } catch (error) {
      // A cancelled request is the caller's decision, not a network failure to report.
      if (spec.signal?.aborted) return fail(createAbortError(spec.kind));
      return fail(toSdkError(error));
    }
  }

  return { urlFor, request };
}
