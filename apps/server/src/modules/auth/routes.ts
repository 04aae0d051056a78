import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorCode,
  refreshBody,
  logoutBody,
  recoverBody,
  resetPasswordBody,
  schoolDomainQuery,
  signInBody,
  signUpBody,
  updateMeBody,
  verificationBody,
  verifyEmailBody,
} from '@campuscollab/shared';
import type { Config } from '../../config';
import { HttpError } from '../../lib/http-error';
import type { Mailer } from '../../lib/mailer';
import { createIpAndEmailLimit, limitByBody } from '../../plugins/rate-limit';
import { createBackgroundMail } from '../email/background-mail';
import { verifyEmailPageUrl, type AuthContext } from './context';
import { registerHostedSignIn } from './hosted-routes';
import { deleteMe, getMe, updateMe } from './me';
import { startSignInPruning } from './prune-sign-ins';
import { requestPasswordReset } from './recover';
import { resendVerification } from './verification-emails';
import { resetPassword } from './reset';
import { lookUpSchoolDomain, schoolDomainOf } from './school-domains';
import { rotateRefreshToken, revokeSessionByToken } from './sessions';
import { signIn } from './signin';
import { signUp } from './signup';
import { verifyEmail } from './verify-email';

export interface AuthRoutesOptions {
  config: Config;
  mailer: Mailer;
  rotationKey: Buffer;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const { config } = options;
  const limits = config.rateLimits;
  const context: AuthContext = {
    database: app.database,
    authentication: app.authentication,
    mailer: options.mailer,
    events: app.events,
    publicUrl: config.publicUrl,
    log: app.log,
    background: createBackgroundMail(app.log),
    sessions: {
      database: app.database,
      authentication: app.authentication,
      events: app.events,
      rotationKey: options.rotationKey,
      onReuseDetected: (sessionId) =>
        app.log.warn({ sessionId }, 'refresh token reused after rotation; sign-in revoked'),
    },
  };

  // Sign-up and verification emails: per IP on the route, and per address after the body is
  // parsed. The per-address limit keeps one inbox from being flooded from many machines; it can
  // delay someone's email, never their sign-in (docs/decisions/013-client-addresses.md).
  const perIp = { rateLimit: { max: limits.authPerMinute, timeWindow: MINUTE } };
  const perEmail = (group: string) =>
    limitByBody(app, {
      max: limits.authPerEmailPerHour,
      timeWindow: HOUR,
      key: (request: FastifyRequest) => `${group}:${(request.body as { email?: string }).email}`,
    });
  // Password guesses: per IP and per (IP, address), shared by the API and the hosted form, and
  // never per address alone, which would let a stranger lock the owner out.
  const signInLimit = createIpAndEmailLimit(app, {
    perClient: { max: limits.authPerMinute, timeWindow: MINUTE },
    perClientAndEmail: { max: limits.authPerEmailPerHour, timeWindow: HOUR },
  });

  // Every refresh adds a token row; the expired ones are deleted in the background.
  const pruning = startSignInPruning(app.periodicJobs, app.database, app.log);
  app.addHook('onClose', () => pruning.stop());
  // Emails sent after their reply finish before the database closes.
  app.addHook('onClose', () => context.background.settle());

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/auth/signup',
    { schema: { body: signUpBody }, config: perIp, preHandler: perEmail('signup') },
    async (request, reply) => {
      await signUp(context, request.body);
      // The same answer whether or not the address already had an account.
      return reply.status(201).send({ user: { email: request.body.email, emailVerified: false } });
    },
  );

  // The sign-up form's question (docs/product.md §5.1): it reads the dataset, never an account,
  // so the answer is the same for everyone; limited per IP like the other auth routes.
  api.get(
    '/api/auth/school-domain',
    { schema: { querystring: schoolDomainQuery }, config: perIp },
    async (request) => {
      const { email, domain } = request.query;
      // An address needs its '@'; a domain must not have one.
      const asked = email === undefined ? domain! : email.includes('@') ? email : '';
      if (asked.includes('@') !== (email !== undefined) || !schoolDomainOf(asked)) {
        throw new HttpError(400, ErrorCode.validation, 'Not an email address or domain');
      }
      return lookUpSchoolDomain(asked);
    },
  );

  api.post(
    '/api/auth/verification',
    { schema: { body: verificationBody }, config: perIp, preHandler: perEmail('verification') },
    async (request, reply) => {
      resendVerification(context, request.body.email);
      return reply.status(202).send({ sent: true });
    },
  );

  // Opening the link changes nothing (mail scanners fetch links too): it leads to the web app's
  // page, where the mailbox owner chooses the password and posts it back with the token.
  api.get(
    '/api/auth/verify',
    {
      schema: { querystring: z.object({ token: z.string().max(200).default('') }) },
      config: perIp,
    },
    async (request, reply) =>
      reply.redirect(verifyEmailPageUrl(config.publicUrl, request.query.token), 303),
  );

  // Link tokens are unguessable and name no address, so these two are limited per IP only.
  api.post(
    '/api/auth/verify',
    { schema: { body: verifyEmailBody }, config: perIp },
    async (request) => verifyEmail(context, request.body),
  );

  // Like sign-in: a stranger asking for an address's reset links must not use up its owner's.
  const recoverLimit = createIpAndEmailLimit(app, {
    perClient: { max: limits.authPerMinute, timeWindow: MINUTE },
    perClientAndEmail: { max: limits.authPerEmailPerHour, timeWindow: HOUR },
  });
  api.post(
    '/api/auth/recover',
    {
      schema: { body: recoverBody },
      onRequest: recoverLimit.onRequest,
      preHandler: recoverLimit.preHandler,
    },
    async (request, reply) => {
      requestPasswordReset(context, request.body.email);
      return reply.status(202).send({ sent: true });
    },
  );

  api.post(
    '/api/auth/reset',
    { schema: { body: resetPasswordBody }, config: perIp },
    async (request, reply) => {
      await resetPassword(context, request.body);
      return reply.status(204).send();
    },
  );

  api.post(
    '/api/auth/signin',
    {
      schema: { body: signInBody },
      onRequest: signInLimit.onRequest,
      preHandler: signInLimit.preHandler,
    },
    async (request) => signIn(context, request.body),
  );

  api.post(
    '/api/auth/refresh',
    {
      schema: { body: refreshBody },
      config: { rateLimit: { max: limits.refreshPerMinute, timeWindow: MINUTE } },
    },
    async (request) => rotateRefreshToken(context.sessions, request.body.refresh_token),
  );

  api.post('/api/auth/logout', { schema: { body: logoutBody } }, async (request, reply) => {
    await revokeSessionByToken(context.sessions, request.body.refresh_token);
    return reply.status(204).send();
  });

  api.get('/api/auth/me', async (request) => {
    const user = await app.authentication.requireUser(request);
    return { user: await getMe(context, user.id) };
  });

  api.patch('/api/auth/me', { schema: { body: updateMeBody } }, async (request) => {
    const user = await app.authentication.requireUser(request);
    return { user: await updateMe(context, user.id, request.body) };
  });

  api.delete('/api/auth/me', async (request, reply) => {
    const user = await app.authentication.requireUser(request);
    await deleteMe(context, user.id);
    return reply.status(204).send();
  });

  await app.register(async (hosted) => {
    await hosted.register(formbody);
    registerHostedSignIn(hosted, { context, config, signInLimit });
  });
}
