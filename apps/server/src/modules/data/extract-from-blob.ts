import type { FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES } from '@campuscollab/shared';
import { readUploadedBlob } from './blob-upload';
import { unsupportedFile } from './data-errors';
import { detectContentKind } from './document-kind';
import { extractContent } from './extract-content';

export interface ExtractedBlob {
  title?: string;
  text: string;
}

/**
 * POST /api/data/{project}/extract-from-blob: the text of an uploaded PDF, DOCX, HTML, text or
 * markdown file, its type judged from its content (document-kind.ts), at most UPLOAD_MAX_BYTES.
 */
export async function extractFromBlob(request: FastifyRequest): Promise<ExtractedBlob> {
  const blob = await readUploadedBlob(request, UPLOAD_MAX_BYTES);
  const kind = await detectContentKind(blob.bytes, blob);
  if (!kind) throw unsupportedFile();
  const { title, text } = await extractContent(kind, blob.bytes, {
    contentType: blob.mediaType,
    requireUtf8: true,
  });
  return { ...(title ? { title } : {}), text };
}
