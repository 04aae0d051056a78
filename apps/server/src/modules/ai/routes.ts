import multipart from '@fastify/multipart';
import { AI_TRANSCRIBE_MAX_BYTES } from '@campuscollab/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { HttpError } from '../../lib/http-error';
import { requireKnownProject } from '../../lib/known-project';
import type { RequestUser } from '../../plugins/authentication';
import type { StudentFiles } from '../storage/student-files';
import type { AiContext } from './ai-call';
import { settleCall, startAiCall } from './ai-call';
import { imageBody, objectBody, speechBody, textBody } from './bodies';
import { generateImage } from './image';
import { createOpenAiProvider } from './openai-provider';
import { generateObject, generateText } from './text';
import { transcribe } from './transcribe';
import { AiBudget, estimateTokens } from './usage';

export interface AiRoutesOptions {
  config: Config;
  /** Where generated images are saved, in the student's folder. */
  files: StudentFiles;
}

export const AI_NOT_CONFIGURED = 'AI_NOT_CONFIGURED';

const notConfigured = () =>
  new HttpError(
    503,
    AI_NOT_CONFIGURED,
    'AI is not configured: set AI_BASE_URL to an OpenAI-compatible API (and AI_API_KEY if it needs one)',
  );

const params = z.object({ project: z.string() });

// Speech a provider sends as something other than audio is served as MP3, its usual format,
// never as a type a browser would render (HTML, SVG) from our origin.
const servedAudioType = (type: string) =>
  /^audio\/[\w.+-]+$/i.test(type.split(';')[0]!.trim()) ? type : 'audio/mpeg';

/**
 * The AI endpoints (`/api/ai/{project}/...`, docs/product.md §7.8): text, objects, images,
 * speech and transcription through one OpenAI-compatible provider, within each student's daily
 * budgets (usage.ts). With AI_BASE_URL unset, every call but `status` is 503.
 */
export async function aiRoutes(app: FastifyInstance, options: AiRoutesOptions) {
  const { config, files } = options;
  const context: AiContext | undefined = config.ai && {
    provider: createOpenAiProvider(config.ai),
    budget: new AiBudget(app.database.db, config.aiBudget),
    models: config.ai.models,
  };
  const allowedHosts = config.dataAllowedHosts;

  // Here, inside this plugin, so multipart parsing exists only on these routes (as storage's).
  // A file past the cap fails its read (transcribe.ts answers 413), not silently truncated.
  await app.register(multipart, {
    limits: { fileSize: AI_TRANSCRIBE_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
  });

  const users = new WeakMap<object, RequestUser>();
  const userOf = (request: FastifyRequest) => users.get(request)!;
  // Who is asking is settled on the request, before its body is even parsed: no token is a 401
  // whatever it sent, and with AI off every call is a 503 however wrong its body.
  const signedIn = async (request: FastifyRequest) => {
    requireKnownProject(config.projectId, (request.params as { project: string }).project);
    users.set(request, await app.authentication.requireUser(request));
  };
  const ready = async (request: FastifyRequest) => {
    await signedIn(request);
    if (!context) throw notConfigured();
  };

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/ai/:project/status', { schema: { params }, onRequest: signedIn }, async () => ({
    configured: config.ai !== undefined,
    models: config.ai?.models ?? null,
  }));

  api.post(
    '/api/ai/:project/text',
    { schema: { params, body: textBody }, onRequest: ready },
    (request, reply) => generateText(context!, request, reply, userOf(request).id, request.body),
  );

  api.post(
    '/api/ai/:project/object',
    { schema: { params, body: objectBody }, onRequest: ready },
    (request, reply) => generateObject(context!, request, reply, userOf(request).id, request.body),
  );

  api.post(
    '/api/ai/:project/image',
    { schema: { params, body: imageBody }, onRequest: ready },
    (request, reply) =>
      generateImage(
        context!,
        request,
        reply,
        { userId: userOf(request).id, files, allowedHosts },
        request.body,
      ),
  );

  api.post(
    '/api/ai/:project/speech',
    { schema: { params, body: speechBody }, onRequest: ready },
    async (request, reply) => {
      const call = await startAiCall(context!, request, reply, {
        userId: userOf(request).id,
        endpoint: 'speech',
        model: context!.models.speech,
      });
      return settleCall(call, async (count) => {
        const audio = await context!.provider.speech(request.body, call.signal);
        count(estimateTokens(request.body.text));
        return reply
          .type(servedAudioType(audio.contentType))
          .header('cache-control', 'no-store')
          .send(audio.body);
      });
    },
  );

  // No body schema: the body is multipart or JSON, and transcribe.ts validates whichever came.
  api.post(
    '/api/ai/:project/transcribe',
    { schema: { params }, onRequest: ready },
    (request, reply) =>
      transcribe(context!, request, reply, { userId: userOf(request).id, allowedHosts }),
  );
}
