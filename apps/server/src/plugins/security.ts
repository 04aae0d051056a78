import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers for API and web app alike. The Content-Security-Policy allows only our own
 * scripts; inline styles are allowed because Radix and the toast library set style attributes.
 *
 * helmet works out the headers, once: they do not depend on the request, and running its
 * middleware (or its Fastify wrapper, which also rebuilt it) on every request cost a tenth of a
 * small request's time. Each request then only sets the recorded headers.
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
  const headers = recordHeaders(applyHeaders);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
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
