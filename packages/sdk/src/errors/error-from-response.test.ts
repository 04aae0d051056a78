import { describe, expect, it } from 'vitest';
import { createApiClient } from '../http/api-client';
import { createAuthorizedFetch } from '../http/authorized-fetch';
import {
  errorFromBody,
  errorFromResponse,
  kindForStatus,
  readErrorMessage,
} from './error-from-response';
import { SdkErrorKind } from './sdk-error';

describe('error text (docs/product.md §8.5)', () => {
  it.each([
    [
      'error.message of an error object',
      { error: { message: 'from error' }, message: 'top' },
      'from error',
    ],
    ['error when it is a string', { error: 'plain error', message: 'top' }, 'plain error'],
    [
      'message otherwise',
      { code: 'X', message: 'Invalid login credentials' },
      'Invalid login credentials',
    ],
    ['message when error is an object without one', { error: { code: 1 }, message: 'top' }, 'top'],
    ['HTTP {status} when there is none', { code: 'X' }, 'HTTP 418'],
    ['HTTP {status} for a body that is not an object', 'teapot', 'HTTP 418'],
  ])('takes %s', (_case, body, expected) => {
    expect(readErrorMessage(body, 418)).toBe(expected);
  });

  it('uses a caller fallback before HTTP {status}', () => {
    expect(readErrorMessage({}, 500, 'Failed to fetch user')).toBe('Failed to fetch user');
  });
});

describe('error kinds', () => {
  it.each([
    [0, SdkErrorKind.storage, 'NETWORK_ERROR'],
    [400, SdkErrorKind.storage, 'VALIDATION_ERROR'],
    [401, SdkErrorKind.storage, 'AUTH_ERROR'],
    [409, SdkErrorKind.storage, 'STORAGE_ERROR'],
    [404, SdkErrorKind.ai, 'AI_ERROR'],
    [404, SdkErrorKind.data, 'DATA_ERROR'],
    [403, SdkErrorKind.notifications, 'NOTIFICATIONS_ERROR'],
    [403, SdkErrorKind.auth, 'AUTH_ERROR'],
    [500, SdkErrorKind.realtime, 'REALTIME_ERROR'],
  ])('status %i from a %s call is %s', (status, fallback, expected) => {
    expect(kindForStatus(status, fallback)).toBe(expected);
  });

  it('keeps the server code, details and hint', () => {
    const error = errorFromBody(
      403,
      {
        code: 'EMAIL_NOT_VERIFIED',
        message: 'Email not confirmed',
        details: { a: 1 },
        hint: 'check',
      },
      SdkErrorKind.auth,
    );
    expect(error).toMatchObject({
      name: 'SdkError',
      kind: 'AUTH_ERROR',
      status: 403,
      code: 'EMAIL_NOT_VERIFIED',
      message: 'Email not confirmed',
      details: { a: 1 },
      hint: 'check',
    });
    expect(error).toBeInstanceOf(Error);
  });

  it('reads a response whose body is not JSON as HTTP {status}', async () => {
    const response = new Response('<html>Bad gateway</html>', { status: 502 });
    const error = await errorFromResponse(response, SdkErrorKind.storage);
    expect(error).toMatchObject({
      kind: 'STORAGE_ERROR',
      status: 502,
      message: 'HTTP 502',
      code: undefined,
    });
  });
});

describe('the JSON client', () => {
  const tokens = { getAccessToken: async () => 'token', renewAfterUnauthorized: async () => null };
  const clientOn = (fetch: typeof globalThis.fetch) =>
    createApiClient({
      baseUrl: 'https://api.test/',
      fetch,
      authorizedFetch: createAuthorizedFetch(fetch, tokens),
    });

  it('reports a request that never completed as NETWORK_ERROR with status 0', async () => {
    const api = clientOn(async () => {
      throw new TypeError('fetch failed');
    });
    const result = await api.request({
      method: 'GET',
      path: '/x',
      auth: 'none',
      kind: SdkErrorKind.storage,
    });
    expect(result.error).toMatchObject({
      kind: 'NETWORK_ERROR',
      status: 0,
      message: 'Network request failed',
    });
  });

  it('reports a signed-out call as AUTH_ERROR without sending it', async () => {
    let sent = false;
    const fetch = async () => {
      sent = true;
      return new Response(null);
    };
    const api = createApiClient({
      baseUrl: 'https://api.test',
      fetch,
      authorizedFetch: createAuthorizedFetch(fetch, {
        ...tokens,
        getAccessToken: async () => null,
      }),
    });
    const result = await api.request({
      method: 'GET',
      path: '/x',
      auth: 'required',
      kind: SdkErrorKind.storage,
    });
    expect(result.error).toMatchObject({
      kind: 'AUTH_ERROR',
      status: 401,
      message: 'No access token available',
    });
    expect(sent).toBe(false);
  });

  it('returns the parsed body as data', async () => {
    const api = clientOn(async () => Response.json({ sent: true }, { status: 202 }));
    expect(
      await api.request({
        method: 'POST',
        path: '/x',
        body: {},
        auth: 'required',
        kind: SdkErrorKind.notifications,
      }),
    ).toEqual({
      data: { sent: true },
      error: null,
    });
  });
});
