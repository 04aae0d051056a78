import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error';
import { invalidParameters, uploadFailed } from './errors';
import { discardUpload, removeStagedFile, stageUpload, type StagedFile } from './staging';

/** The upload form's fields, read and checked; the file staged on disk. */
export interface UploadForm {
  target: string;
  options: unknown;
  file: StagedFile | undefined;
}

export interface ReadUploadFormOptions {
  stagingDir: string;
  maxBytes: number;
  /** Parses the `path` field and checks the user may write there; throws an HttpError if not. */
  parseTarget(raw: unknown): string;
  log: FastifyBaseLogger;
}

// A disk problem while staging (full, read-only) is ours; anything else is a broken request.
const isSystemError = (error: unknown) => error instanceof Error && 'syscall' in error;

/**
 * Reads every part of the multipart body, in whatever order the client sent them: a file that
 * comes before its `path` is staged first and checked after. A file whose path was already
 * refused is read and dropped, never written. The body is always read to its end before an
 * error is thrown, so the client receives the answer instead of a reset connection.
 */
export async function readUploadForm(
  request: FastifyRequest,
  options: ReadUploadFormOptions,
): Promise<UploadForm> {
  let target: string | undefined;
  let uploadOptions: unknown;
  let file: StagedFile | undefined;
  let rejection: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file || rejection) {
          rejection ??= invalidParameters();
          await discardUpload(part.file);
        } else {
          file = await stageUpload(part.file, options.stagingDir, options.maxBytes, part.mimetype);
        }
      } else if (part.valueTruncated) {
        rejection ??= invalidParameters();
      } else if (part.fieldname === 'path') {
        try {
          target = options.parseTarget(part.value);
        } catch (error) {
          rejection ??= error;
        }
      } else if (part.fieldname === 'options') {
        uploadOptions = part.value;
      }
    }
  } catch (error) {
    await removeStagedFile(file);
    // The parser stopped reading; let the rest of the body drain so the answer gets through.
    request.raw.resume();
    if (error instanceof HttpError) throw error;
    if (!isSystemError(error)) throw invalidParameters();
    options.log.error({ err: error }, 'could not stage an upload');
    throw uploadFailed();
  }
  rejection ??= target === undefined ? invalidParameters() : undefined;
  if (rejection || target === undefined) {
    await removeStagedFile(file);
    throw rejection;
  }
  return { target, options: uploadOptions, file };
}
