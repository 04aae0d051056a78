import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@campuscollab/shared';
import { HttpError } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers while the app closes (the readiness check, which says so itself). */
    answersWhileClosing?: boolean;
  }
}

/**
 * Once the app starts closing, requests still arriving on open connections get a 503 in our
 * `{code, message}` shape (Fastify's own would be another shape, and would also answer the
 * readiness check, which must say "shutting-down"). app.ts turns Fastify's off for this.
 */
export function registerDraining(app: FastifyInstance, isClosing: () => boolean): void {
  // A callback hook: an async one costs every request a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isClosing() || request.routeOptions.config.answersWhileClosing) return done();
    done(
      new HttpError(503, ErrorCode.unavailable, 'The server is shutting down', {
        hint: 'Retry: another instance will answer',
      }),
    );
  });
}
