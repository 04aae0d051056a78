import type { MultipartFile } from '@fastify/multipart';
import { AI_TRANSCRIBE_MAX_BYTES, ErrorCode } from '@campuscollab/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { fetchOutbound } from '../../lib/outbound/fetch-outbound';
import { StorageMessage } from '../storage/errors';
import { settleCall, startAiCall, type AiContext } from './ai-call';
import { transcribeLanguage, transcribeUrlBody } from './bodies';
import { estimateTokens } from './usage';

const tooLarge = () => new HttpError(413, ErrorCode.payloadTooLarge, 'Audio is larger than 25 MB');

const unsupportedAudio = () =>
  new HttpError(400, ErrorCode.unsupportedMediaType, StorageMessage.unsupportedAudio);

const invalid = (message: string) => new HttpError(400, ErrorCode.validation, message);

// What browsers and phones record besides audio/*: WebM and MP4 containers.
const CONTAINERS = new Set(['webm', 'mp4']);

/** The audio's type from its content, whatever the client or the URL's server declared. */
async function sniffAudio(body: Buffer) {
  // Loaded on first use, not at start-up (docs/architecture.md §2.1).
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(body).catch(() => undefined);
  if (!detected || !(detected.mime.startsWith('audio/') || CONTAINERS.has(detected.ext))) {
    throw unsupportedAudio();
  }
  return { extension: detected.ext, contentType: detected.mime };
}

async function readUpload(request: FastifyRequest) {
  const part: MultipartFile | undefined = await request.file();
  if (!part || part.fieldname !== 'file')
    throw invalid('Send the audio as the multipart field "file"');
  let body: Buffer;
  try {
    body = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  const field = part.fields.language;
  const given = field && 'value' in field ? field.value : undefined;
  const language = transcribeLanguage.safeParse(given);
  if (!language.success) throw invalid(language.error.issues[0]!.message);
  return { body, language: language.data };
}

async function fetchAudio(raw: unknown, allowedHosts: ReadonlySet<string>) {
  const parsed = transcribeUrlBody.safeParse(raw);
  if (!parsed.success) throw invalid(parsed.error.issues[0]!.message);
  let answer;
  try {
    answer = await fetchOutbound(
      parsed.data.url,
      {},
      { allowedHosts, maxBytes: AI_TRANSCRIBE_MAX_BYTES, timeoutMs: 30_000 },
    );
  } catch (error) {
    if (error instanceof HttpError && error.code === 'UPSTREAM_TOO_LARGE') throw tooLarge();
    throw error;
  }
  if (answer.status < 200 || answer.status > 299) {
    throw new HttpError(
      400,
      'INVALID_AUDIO',
      `The audio could not be fetched (status ${answer.status})`,
    );
  }
  return { body: answer.body, language: parsed.data.language };
}

/** POST /api/ai/{project}/transcribe: a multipart `file`, or JSON `{url}` of https audio. */
export async function transcribe(
  context: AiContext,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { userId: string; allowedHosts: ReadonlySet<string> },
) {
  const input = request.isMultipart()
    ? await readUpload(request)
    : await fetchAudio(request.body, options.allowedHosts);
  const type = await sniffAudio(input.body);
  const call = await startAiCall(context, request, reply, {
    userId: options.userId,
    endpoint: 'transcribe',
    model: context.models.transcribe,
  });
  return settleCall(call, async (count) => {
    const answer = await context.provider.transcribe(
      { body: input.body, ...type, language: input.language },
      call.signal,
    );
    count(answer.usage?.tokens ?? estimateTokens(answer.text));
    return { text: answer.text };
  });
}
