import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signInBody } from '@campuscollab/shared';
import type { Config } from '../../config';
import { HttpError } from '../../lib/http-error';
import type { AuthContext } from './context';
import { renderHostedSignInPage } from './hosted-page';
import { resolveRedirectTarget } from './redirect-target';
import { signIn } from './signin';

const pageQuery = z.object({
  redirect_url: z.string().max(2048).optional(),
  project_id: z.string().max(64).optional(),
});

const pageForm = pageQuery.extend({
  email: z.string().max(254).default(''),
  password: z.string().max(256).default(''),
});

/**
 * GET /auth shows the hosted sign-in form; POST /auth signs in and redirects to the requested
 * address with access_token and refresh_token in the query (spec section 4 reads them there).
 */
export function registerHostedSignIn(
  app: FastifyInstance,
  context: AuthContext,
  config: Config,
  rateLimit: { rateLimit: { max: number; timeWindow: number } },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  const checkRequest = (query: z.infer<typeof pageQuery>) => {
    if (query.project_id !== undefined && query.project_id !== config.projectId) {
      throw new HttpError(404, 'NOT_FOUND', `Unknown project "${query.project_id}"`);
    }
    const target = resolveRedirectTarget(
      query.redirect_url,
      config.publicUrl,
      config.authRedirectOrigins,
    );
    if (!target) throw new HttpError(400, 'VALIDATION_ERROR', 'redirect_url is not allowed');
    return target;
  };

  api.get('/auth', { schema: { querystring: pageQuery } }, async (request, reply) => {
    const target = checkRequest(request.query);
    const page = renderHostedSignInPage({
      redirectUrl: target.toString(),
      projectId: config.projectId,
    });
    return reply.type('text/html; charset=utf-8').send(page);
  });

  api.post('/auth', { schema: { body: pageForm }, config: rateLimit }, async (request, reply) => {
    const form = request.body;
    const target = checkRequest(form);
    const showError = (message: string) =>
      reply
        .status(400)
        .type('text/html; charset=utf-8')
        .send(
          renderHostedSignInPage({
            redirectUrl: target.toString(),
            projectId: config.projectId,
            email: form.email,
            error: message,
          }),
        );

    const credentials = signInBody.safeParse({ email: form.email, password: form.password });
    if (!credentials.success) return showError(credentials.error.issues[0]!.message);
    try {
      const session = await signIn(context, credentials.data);
      target.searchParams.set('access_token', session.access_token);
      target.searchParams.set('refresh_token', session.refresh_token);
      return reply.redirect(target.toString(), 303);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500) return showError(error.message);
      throw error;
    }
  });
}
