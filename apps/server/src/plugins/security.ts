import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** The page headers an API answer keeps; the others only mean something on a document. */
const API_KEEPS: ReadonlySet<string> = new Set([
  'strict-transport-security',
  'x-content-type-options',
  'cross-origin-resource-policy',
  'referrer-policy',
]);

/** No API answer is meant to be rendered: nothing may load from it, nobody may frame it. */
const API_ONLY: [string, string][] = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['x-frame-options', 'DENY'],
];

/**
 * Security headers. Pages (the web app, its files, the hosted sign-in) get helmet's: a
 * Content-Security-Policy that allows only our own scripts (inline styles are allowed because
 * Radix and the toast library set style attributes), opener and resource policies, and the rest.
 *
 * Answers under /api/ get the set OWASP recommends for a REST API, which no browser should
 * render: a policy that allows nothing, no framing, no sniffing, HTTPS only, no referrer. The
 * page headers mean nothing there.
 *
 * helmet works out the headers, once: they do not depend on the request, and running its
 * middleware (or its Fastify wrapper, which also rebuilt it) on every request redid that work
 * (decision 011). Each request then only sets the recorded headers, through the reply: set
 * on the raw response, they sent Node's writeHead down its slow path, which sets every other
 * header of the answer again one by one.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'", 'ws:', 'wss:'],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
      },
    },
    // The hosted sign-in page redirects to allowed origins carrying tokens; it must not leak
    // them in a Referer header.
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });
  const pageHeaders = recordHeaders(applyHeaders);
  const apiHeaders = [
    ...API_ONLY,
    ...pageHeaders.filter(([name]) => API_KEEPS.has(name.toLowerCase())),
  ];
  app.addHook('onRequest', (request, reply, done) => {
    const headers = request.url.startsWith('/api/') ? apiHeaders : pageHeaders;
    for (const [name, value] of headers) reply.header(name, value);
    done();
  });
}

type HeaderMiddleware = ReturnType<typeof helmet>;

/** The headers a helmet middleware sets. It only sets and removes headers, never reads. */
function recordHeaders(middleware: HeaderMiddleware): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    // helmet removes X-Powered-By, which Node never sends; there is nothing to undo.
    removeHeader: () => undefined,
  };
  let failure: unknown = null;
  middleware(
    {} as Parameters<HeaderMiddleware>[0],
    response as unknown as Parameters<HeaderMiddleware>[1],
    (error?: unknown) => {
      failure = error ?? null;
    },
  );
  if (failure) throw failure;
  return headers;
}
