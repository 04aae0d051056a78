import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { fetchOutbound } from '../../lib/outbound/fetch-outbound';
import type { StudentFiles } from '../storage/student-files';
import { settleCall, startAiCall, type AiContext } from './ai-call';
import type { ImageBody } from './bodies';
import type { GeneratedImage, InputImage } from './provider';
import { providerUnreachable } from './provider-errors';
import { estimateTokens } from './usage';

export const INVALID_IMAGE = 'INVALID_IMAGE';

// The image types a provider takes as input and that the store serves (modules/storage/sniff.ts).
const IMAGE_TYPES: ReadonlyMap<string, string> = new Map([
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
]);

/** The image's type from its content, never from a URL or a header. */
async function sniffImage(
  body: Buffer,
): Promise<{ extension: string; contentType: string } | null> {
  // Loaded on first use, not at start-up (docs/architecture.md §2.1).
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(body).catch(() => undefined);
  const contentType = detected && IMAGE_TYPES.get(detected.ext);
  return contentType ? { extension: detected.ext, contentType } : null;
}

/** A student's input image, fetched through the outbound guard (docs/security.md). */
async function fetchInput(url: string, index: number, allowedHosts: ReadonlySet<string>) {
  const answer = await fetchOutbound(url, {}, { allowedHosts });
  const which = `Image ${index + 1}`;
  if (answer.status < 200 || answer.status > 299) {
    throw new HttpError(
      400,
      INVALID_IMAGE,
      `${which} could not be fetched (status ${answer.status})`,
    );
  }
  const type = await sniffImage(answer.body);
  if (!type)
    throw new HttpError(400, INVALID_IMAGE, `${which} is not a jpg, png, gif or webp image`);
  return { body: answer.body, ...type } satisfies InputImage;
}

/**
 * A provider's image as bytes: its base64, or its URL fetched through the guard like any other
 * (a provider's answer is not trusted to point somewhere public). A URL that fails is the
 * provider's failure, not the student's.
 */
async function bytesOf(image: GeneratedImage, allowedHosts: ReadonlySet<string>) {
  if ('base64' in image) return Buffer.from(image.base64, 'base64');
  const answer = await fetchOutbound(image.url, {}, { allowedHosts }).catch(() => null);
  if (!answer || answer.status < 200 || answer.status > 299) throw providerUnreachable();
  return answer.body;
}

/** POST /api/ai/{project}/image: generates, or edits `images`; each result saved as the student's file. */
export async function generateImage(
  context: AiContext,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { userId: string; files: StudentFiles; allowedHosts: ReadonlySet<string> },
  body: ImageBody,
) {
  const { userId, files, allowedHosts } = options;
  const call = await startAiCall(context, request, reply, {
    userId,
    endpoint: body.images ? 'image-edit' : 'image',
    model: context.models.image,
  });
  return settleCall(call, async (count) => {
    const images = await Promise.all(
      (body.images ?? []).map((url, index) => fetchInput(url, index, allowedHosts)),
    );
    const answer = await context.provider.image(
      { prompt: body.prompt, images, size: body.size, n: body.n },
      call.signal,
    );
    count(answer.usage?.tokens ?? estimateTokens(body.prompt));
    const data: { url: string }[] = [];
    for (const image of answer.images) {
      const bytes = await bytesOf(image, allowedHosts);
      const type = await sniffImage(bytes);
      if (!type) throw providerUnreachable();
      const saved = await files.saveGenerated(userId, {
        kind: 'ai-images',
        extension: type.extension,
        body: bytes,
      });
      data.push({ url: saved.url });
    }
    if (data.length === 0) throw providerUnreachable();
    return { data };
  });
}
