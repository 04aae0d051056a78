import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Mailer } from '../../lib/mailer';
import type { RequestUser } from '../../plugins/authentication';
import { limitByBody } from '../../plugins/rate-limit';
import { subscribeDomainEmails } from './domain-emails';
import { requireAllowedRecipient, sendEmailBody, sendRequestedEmail } from './send-email';
import { requireKnownProject } from '../../lib/known-project';

export interface NotificationRoutesOptions {
  config: Config;
  mailer: Mailer;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Per student: enough for the product's own uses, too few to turn an account into a spam cannon. */
const EMAILS_PER_USER_PER_HOUR = 10;
/** Per IP, service callers included: a backstop against one machine cycling through tokens. */
const EMAILS_PER_IP_PER_MINUTE = 60;

export async function notificationRoutes(app: FastifyInstance, options: NotificationRoutesOptions) {
  const { config, mailer } = options;
  const unsubscribe = subscribeDomainEmails(app.events, {
    queries: app.database.compiledQueries,
    mailer,
    publicUrl: config.publicUrl,
    log: app.log,
    counters: app.windowCounters,
  });
  app.addHook('onClose', async () => unsubscribe());

  const senders = new WeakMap<FastifyRequest, RequestUser | 'service'>();
  const perUser = limitByBody(app, {
    max: EMAILS_PER_USER_PER_HOUR,
    timeWindow: HOUR,
    // Only consulted for students: the preHandler below lets the service key through.
    key: (request) => `notifications:${(senders.get(request) as RequestUser).id}`,
  });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/notifications/:project/email',
    {
      schema: { params: z.object({ project: z.string() }), body: sendEmailBody },
      config: { rateLimit: { max: EMAILS_PER_IP_PER_MINUTE, timeWindow: MINUTE } },
      // Who is asking is settled before the body is looked at: no token is a 401 whatever it sent.
      preValidation: async (request) => {
        requireKnownProject(config.projectId, (request.params as { project: string }).project);
        const service = app.authentication.isService(request);
        senders.set(request, service ? 'service' : await app.authentication.requireUser(request));
      },
      preHandler: async function (request, reply) {
        if (senders.get(request) === 'service') return;
        await perUser.call(this, request, reply);
      },
    },
    async (request, reply) => {
      requireAllowedRecipient(senders.get(request)!, request.body.to);
      await sendRequestedEmail(mailer, request.log, request.body);
      return reply.status(202).send({ sent: true });
    },
  );
}
