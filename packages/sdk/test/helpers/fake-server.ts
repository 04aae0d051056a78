import type { FetchFunction } from '../../src/http/authorized-fetch';

/** One request the fake server received. */
export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** A JSON response, as the platform sends them. */
export function jsonResponse(status: number, body?: unknown, headers: Record<string, string> = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/**
 * A fetch that answers from registered handlers and records every request: unit tests only
 * (the integration tests run the real server).
 */
export function createFakeServer() {
  const requests: RecordedRequest[] = [];
  const handlers = new Map<string, Handler>();

  const fetch: FetchFunction = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown = init?.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // keep the text
      }
    }
    const request: RecordedRequest = { method, url, headers: new Headers(init?.headers), body };
    requests.push(request);
    const handler = handlers.get(`${method} ${url.pathname}`);
    if (!handler)
      return jsonResponse(404, {
        code: 'NOT_FOUND',
        message: `Route ${method} ${url.pathname} not found`,
      });
    return handler(request);
  };

  return {
    fetch,
    requests,
    /** Answers `method path` with `handler` from now on. */
    on(method: string, path: string, handler: Handler) {
      handlers.set(`${method} ${path}`, handler);
    },
    /** The requests to `method path`, in order. */
    calls(method: string, path: string): RecordedRequest[] {
      return requests.filter(
        (request) => request.method === method && request.url.pathname === path,
      );
    },
  };
}

export type FakeServer = ReturnType<typeof createFakeServer>;
