import type { BrowserContext, Frame, Page, Request, Route } from 'playwright-core';
import { escapeHtml } from '../../../lib/escape-html';
import { HttpError } from '../../../lib/http-error';
import { fetchOutbound, type OutboundResponse } from '../../../lib/outbound/fetch-outbound';
import { createPageBudget, PAGE_LIMITS } from './page-budget';
import { createSlots } from './slots';

const METHODS = new Set(['GET', 'HEAD', 'POST']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Set by the fetcher itself, or meaningless once the request leaves from the server. */
const REQUEST_HEADERS_DROPPED = new Set([
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'content-length',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
  // undici asks for the encodings it can undo itself and hands the body over decoded.
  'accept-encoding',
]);

/** The body is handed to Chromium decoded and whole; `location` is never handed over (below). */
const RESPONSE_HEADERS_DROPPED = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'location',
]);

export interface PageGuard {
  /** The page whose main frame the renderer steers; set once it exists. */
  page: Page | undefined;
  /**
   * While true, a redirect of the main frame's document is not followed by the page: it is
   * left in `mainRedirect` for the renderer, which navigates there itself (each hop again
   * through this router), and the error that refused the document in `mainRefusal`.
   */
  steering: boolean;
  mainRedirect: string | undefined;
  mainRefusal: unknown;
}

/**
 * Routes every request of the context's pages through fetchOutbound and fulfils it from the
 * answer, or aborts it when refused, so Chromium never opens a connection of its own and the
 * address connected to is the one checked (docs/security.md).
 *
 * Playwright does not route the next hop of a redirect that reaches Chromium (it sends it
 * to the network, where the dead proxy of chromium-flags.ts fails it), so no 3xx is ever handed
 * to Chromium: a sub-resource's redirects are followed by fetchOutbound, each hop checked, and a
 * document's redirect becomes a tiny page that refreshes to the next hop, a new navigation that
 * comes back here to be checked again.
 */
export async function guardContext(
  context: BrowserContext,
  options: { allowedHosts: ReadonlySet<string>; signal: AbortSignal },
): Promise<PageGuard> {
  const guard: PageGuard = {
    page: undefined,
    steering: false,
    mainRedirect: undefined,
    mainRefusal: undefined,
  };
  const fetches = createSlots({ running: PAGE_LIMITS.concurrentRequests, waiting: Infinity });
  const frameRedirects = new WeakMap<Frame, number>();
  const budget = createPageBudget(PAGE_LIMITS);

  const isSteeredMainFrame = (request: Request) =>
    guard.steering && request.isNavigationRequest() && frameOf(request) === guard.page?.mainFrame();

  const fetchFor = (request: Request, headers: Record<string, string>) =>
    fetches.run(async () => {
      const maxBytes = budget.reserve();
      if (maxBytes === 0) throw new HttpError(502, 'PAGE_TOO_LARGE', 'The page fetched too much');
      let used = maxBytes; // an answer cut off at the cap was read that far
      try {
        const answer = await fetchOutbound(
          request.url(),
          {
            method: request.method() as 'GET' | 'HEAD' | 'POST',
            headers,
            body: request.postDataBuffer() ?? undefined,
            followRedirects: !request.isNavigationRequest(),
            signal: options.signal,
          },
          { allowedHosts: options.allowedHosts, maxBytes },
        );
        used = answer.body.length;
        return answer;
      } catch (error) {
        if (!(error instanceof HttpError && error.code === 'UPSTREAM_TOO_LARGE')) used = 0;
        throw error;
      } finally {
        budget.settle(maxBytes, used);
      }
    });

  /** A document's redirect, as a page that goes on to the next hop by itself. */
  const redirectDocument = async (route: Route, next: string) => {
    const request = route.request();
    if (isSteeredMainFrame(request)) {
      guard.mainRedirect = next;
      return route.fulfill({ status: 200, contentType: 'text/html', body: '' });
    }
    const frame = frameOf(request);
    const hops = (frame && frameRedirects.get(frame)) ?? 0;
    if (!frame || hops >= PAGE_LIMITS.redirects) return route.abort('failed');
    frameRedirects.set(frame, hops + 1);
    const refresh = `<!doctype html><meta http-equiv="refresh" content="0; url=${escapeHtml(next)}">`;
    return route.fulfill({ status: 200, contentType: 'text/html', body: refresh });
  };

  const handle = async (route: Route) => {
    const request = route.request();
    if (
      !budget.takeRequest() ||
      !/^https?:/i.test(request.url()) ||
      !METHODS.has(request.method())
    ) {
      return route.abort('blockedbyclient');
    }
    let answer: OutboundResponse;
    try {
      answer = await fetchFor(request, forwardedHeaders(await request.allHeaders()));
    } catch (error) {
      if (isSteeredMainFrame(request)) guard.mainRefusal = error;
      return route.abort(isRefusal(error) ? 'blockedbyclient' : 'failed');
    }
    const next = nextHop(answer);
    if (request.isNavigationRequest() && REDIRECTS.has(answer.status) && next) {
      return redirectDocument(route, next);
    }
    const frame = frameOf(request);
    if (frame && request.isNavigationRequest()) frameRedirects.delete(frame);
    return route.fulfill({
      status: answer.status,
      headers: fulfilledHeaders(answer.headers),
      body: answer.body,
    });
  };

  await context.route(
    () => true,
    async (route) => {
      // A route whose page has gone (the render finished) throws; nobody is waiting for it then.
      await handle(route).catch(() => route.abort('failed').catch(() => undefined));
    },
  );
  // Playwright replaces the page's WebSocket with one that reaches only this handler; one made
  // where that replacement does not reach (a worker) goes to the dead proxy instead.
  await context.routeWebSocket(
    () => true,
    (socket) => socket.close({ code: 1008, reason: 'WebSockets are closed in screenshots' }),
  );
  return guard;
}

function frameOf(request: Request): Frame | undefined {
  try {
    return request.frame();
  } catch {
    return undefined; // a service worker's request (they are blocked) has no frame
  }
}

function nextHop(answer: OutboundResponse): string | undefined {
  const location = answer.headers.location;
  if (!location) return undefined;
  const next = URL.parse(location, answer.url);
  return next && /^https?:$/.test(next.protocol) ? next.href : undefined;
}

function isRefusal(error: unknown): boolean {
  return error instanceof HttpError && error.code === 'URL_NOT_ALLOWED';
}

function forwardedHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => !name.startsWith(':') && !REQUEST_HEADERS_DROPPED.has(name.toLowerCase()),
    ),
  );
}

function fulfilledHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !RESPONSE_HEADERS_DROPPED.has(name.toLowerCase())),
  );
}
