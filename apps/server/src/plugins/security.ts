import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers for API and web app alike. The Content-Security-Policy allows only our own
 * scripts; inline styles are allowed because Radix and the toast library set style attributes.
 *
 * helmet's middleware is built once here: its Fastify wrapper rebuilds it, and reparses the
 * policy, on every request, which cost a tenth of a small request's time.
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
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
