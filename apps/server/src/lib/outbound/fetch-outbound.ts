import { isIP } from 'node:net';
import type { Dispatcher, fetch } from 'undici';
import { HttpError } from '../http-error';
import { isPublicAddress } from './address-policy';
import { createGuardedLookup, resolveWithDns, type ResolveHost } from './guarded-lookup';
import { hostOf, isAllowedHost, parseOutboundUrl, urlNotAllowed } from './outbound-url';

export interface OutboundPolicy {
  /** `DATA_ALLOWED_HOSTS`, parsed (outbound-url.ts). */
  allowedHosts: ReadonlySet<string>;
  resolve?: ResolveHost;
  maxRedirects?: number;
  maxBytes?: number;
  timeoutMs?: number;
}

export interface OutboundRequest {
  method?: 'GET' | 'POST' | 'HEAD';
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /**
   * False: a redirect comes back as it is (3xx with its Location) instead of being followed, for
   * a caller that sends each hop through this function again (the screenshot renderer's pages).
   */
  followRedirects?: boolean;
  /** Ends the request early, as its timeout would (a render that finished no longer needs it). */
  signal?: AbortSignal;
}

export interface OutboundResponse {
  /** Where the answer finally came from, after redirects. */
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DEFAULTS = { maxRedirects: 5, maxBytes: 10 * 1024 * 1024, timeoutMs: 10_000 };

/** Where the next hop goes, refused before a byte is sent when it is not a public address. */
function dispatcherFor(url: URL, policy: OutboundPolicy, guarded: Dispatcher, open: Dispatcher) {
  if (isAllowedHost(url, policy.allowedHosts)) return open;
  const host = hostOf(url);
  // An address written in the URL is connected to without a lookup, so it is judged here.
  if (isIP(host) && !isPublicAddress(host)) throw urlNotAllowed(`${host} is a private address`);
  return guarded;
}

async function readCapped(response: Awaited<ReturnType<typeof fetch>>, maxBytes: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      throw new HttpError(502, 'UPSTREAM_TOO_LARGE', `The answer is larger than ${maxBytes} bytes`);
    }
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/**
 * Fetches a URL a student gave, on their behalf, without letting them reach the server's own
 * network: only http and https, every hop (each redirect, at most five) checked against the
 * address policy before it connects, the answer capped in size and time.
 */
export async function fetchOutbound(
  raw: string,
  request: OutboundRequest,
  policy: OutboundPolicy,
): Promise<OutboundResponse> {
  // undici is loaded with the first outbound request, not at start-up (docs/architecture.md §2.1).
  const { Agent, fetch } = await import('undici');
  const limits = { ...DEFAULTS, ...policy };
  const guarded = new Agent({
    connect: { lookup: createGuardedLookup(policy.resolve ?? resolveWithDns) },
  });
  const open = new Agent();
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
  let url = parseOutboundUrl(raw);
  let { method = 'GET', body } = request;
  const followRedirects = request.followRedirects ?? true;
  try {
    for (let hop = 0; ; hop += 1) {
      const dispatcher = dispatcherFor(url, policy, guarded, open);
      const response = await fetch(url, {
        method,
        headers: request.headers,
        body,
        redirect: 'manual',
        dispatcher,
        signal,
      });
      const location = response.headers.get('location');
      if (followRedirects && REDIRECTS.has(response.status) && location) {
        await response.body?.cancel();
        if (hop === limits.maxRedirects) {
          throw new HttpError(502, 'TOO_MANY_REDIRECTS', 'The URL redirects too many times');
        }
        url = parseOutboundUrl(new URL(location, url).toString());
        // As browsers do: a 303, or a 301/302 after a POST, continues as a GET without a body.
        if (response.status === 303 || (method === 'POST' && response.status < 303)) {
          method = 'GET';
          body = undefined;
        }
        continue;
      }
      return {
        url: url.toString(),
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: await readCapped(response, limits.maxBytes),
      };
    }
  } catch (error) {
    throw translateFetchError(error, signal);
  } finally {
    await Promise.all([guarded.close(), open.close()]);
  }
}

/** undici wraps a refusal from the lookup in its own error; the refusal is what the caller sees. */
function translateFetchError(error: unknown, signal: AbortSignal): unknown {
  if (error instanceof HttpError) return error;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof HttpError) return cause;
  if (signal.aborted) {
    return new HttpError(504, 'UPSTREAM_TIMEOUT', 'The URL did not answer in time');
  }
  return new HttpError(502, 'UPSTREAM_FAILED', 'The URL could not be fetched');
}
