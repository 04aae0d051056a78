import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signInBody } from '@campuscollab/shared';
import type { Config } from '../../config';
import { HttpError } from '../../lib/http-error';
import type { IpAndEmailLimit } from '../../plugins/rate-limit';
import type { AuthContext } from './context';
import { isForeignFormPost } from './form-origin';
import { renderForeignPostPage, renderHostedSignInPage } from './hosted-page';
import { resolveRedirectTarget } from './redirect-target';
import { signIn } from './signin';
import { requireKnownProject } from '../../lib/known-project';

const pageQuery = z.object({
  redirect_url: z.string().max(2048).optional(),
  project_id: z.string().max(64).optional(),
  state: z.string().max(512).optional(),
});

const pageForm = pageQuery.extend({
  email: z.string().max(254).default(''),
  password: z.string().max(256).default(''),
});

export interface HostedSignInOptions {
  context: AuthContext;
  config: Config;
  /** The sign-in API's limiter: the form is another door to the same guesses. */
  signInLimit: IpAndEmailLimit;
}

const sendHtml = (reply: FastifyReply, status: number, page: string) =>
  reply.status(status).type('text/html; charset=utf-8').send(page);

/**
 * GET /auth shows the hosted sign-in form; POST /auth signs in and redirects to the requested
 * address with access_token and refresh_token in the query (docs/product.md §4.2 reads them there),
 * and with the `state` the client sent, by which the client knows it asked for this sign-in.
 */
export function registerHostedSignIn(app: FastifyInstance, options: HostedSignInOptions): void {
  const { context, config, signInLimit } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const trustedOrigins = [new URL(config.publicUrl).origin, ...config.authRedirectOrigins];

  const checkRequest = (query: z.infer<typeof pageQuery>) => {
    if (query.project_id !== undefined) requireKnownProject(config.projectId, query.project_id);
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
      state: request.query.state,
    });
    return sendHtml(reply, 200, page);
  });

  api.post(
    '/auth',
    {
      schema: { body: pageForm },
      // Before the body is even read: a foreign post is neither checked nor counted.
      onRequest: async (request, reply) => {
        if (!isForeignFormPost(request.headers, trustedOrigins)) return;
        return sendHtml(reply, 403, renderForeignPostPage(`${config.publicUrl}/`));
      },
    },
    async (request, reply) => {
      const form = request.body;
      const target = checkRequest(form);
      const showError = (error: HttpError) =>
        sendHtml(
          reply.headers(error.headers ?? {}),
          error.statusCode,
          renderHostedSignInPage({
            redirectUrl: target.toString(),
            projectId: config.projectId,
            state: form.state,
            email: form.email,
            error: error.message,
          }),
        );

      try {
        await signInLimit.countClient(request);
        const credentials = signInBody.safeParse({ email: form.email, password: form.password });
        if (!credentials.success) {
          return showError(
            new HttpError(400, 'VALIDATION_ERROR', credentials.error.issues[0]!.message),
          );
        }
        await signInLimit.countClientAndEmail(request, credentials.data.email);
        const session = await signIn(context, credentials.data);
        target.searchParams.set('access_token', session.access_token);
        target.searchParams.set('refresh_token', session.refresh_token);
        // Only the state of this sign-in: one planted in redirect_url would vouch for nothing.
        target.searchParams.delete('state');
        if (form.state !== undefined) target.searchParams.set('state', form.state);
        return reply.redirect(target.toString(), 303);
      } catch (error) {
        if (error instanceof HttpError && error.statusCode < 500) return showError(error);
        throw error;
      }
    },
  );
}
