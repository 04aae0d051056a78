import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { fileTooLarge } from '../storage/errors';
import { discardUpload } from '../storage/staging';
import { badUpload } from './data-errors';

/** The one file of an extract-from-blob request, in memory. */
export interface UploadedBlob {
  bytes: Buffer;
  /** The type the browser declared, lower case without parameters; a hint, never trusted. */
  mediaType: string;
  fileName: string;
}

const ONE_FILE = 'Send exactly one file, as a multipart/form-data part named "file"';

async function readCapped(stream: AsyncIterable<Buffer>, maxBytes: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    // Past the limit the rest is counted, not kept, so the message can name the real size
    // (as storage's does) while memory never holds more than the limit.
    if (size <= maxBytes) chunks.push(chunk);
  }
  return { bytes: size <= maxBytes ? Buffer.concat(chunks) : null, size };
}

/**
 * Reads a multipart body that must hold exactly one file part, `file`; other fields are ignored.
 * The body is read to its end before any refusal, so the client receives the answer instead of
 * a reset connection.
 */
export async function readUploadedBlob(
  request: FastifyRequest,
  maxBytes: number,
): Promise<UploadedBlob> {
  if (!request.isMultipart()) throw badUpload(ONE_FILE);
  let blob: UploadedBlob | undefined;
  let size = 0;
  let rejection: HttpError | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || blob || size > maxBytes) {
        rejection = badUpload(ONE_FILE);
        await discardUpload(part.file);
        continue;
      }
      const read = await readCapped(part.file, maxBytes);
      size = read.size;
      const mediaType = part.mimetype.split(';')[0]!.trim().toLowerCase();
      if (read.bytes) blob = { bytes: read.bytes, mediaType, fileName: part.filename ?? '' };
    }
  } catch (error) {
    // The parser stopped reading; let the rest of the body drain so the answer gets through.
    request.raw.resume();
    throw error instanceof HttpError ? error : badUpload('The multipart body is malformed');
  }
  if (rejection) throw rejection;
  if (size > maxBytes) throw fileTooLarge(size, maxBytes);
  if (!blob) throw badUpload(ONE_FILE);
  return blob;
}
