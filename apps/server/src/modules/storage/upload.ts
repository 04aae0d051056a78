import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { UPLOAD_MAX_BYTES } from '@campuscollab/shared';
import {
  FileExistsError,
  PathConflictError,
  type PutResult,
} from '../../lib/file-store/file-store';
import { describeUnsafeJson } from '../../lib/json-limits';
import type { StorageContext } from './context';
import { downloadUrl } from './download';
import {
  fileExists,
  fileTooLarge,
  folderInTheWay,
  invalidParameters,
  uploadFailed,
} from './errors';
import { resizeProfilePicture } from './image';
import { isProfilePicturePath, parseStoragePath, requireOwnFolder, withExtension } from './paths';
import { removeStagedFile } from './staging';
import { detectStoredType, WEBP } from './sniff';
import { readUploadForm, type UploadForm } from './upload-form';

export interface UploadResult {
  /** Where the file was stored: the requested path with its extension corrected. */
  path: string;
  /** Public, versioned download URL: the profile's `profilePicture`. */
  url: string;
  size: number;
  contentType: string;
}

// The SDK sends a JSON string; a client that labels the part application/json sends an object.
const uploadOptions = z.object({ upsert: z.boolean().optional() });

function parseUploadOptions(raw: unknown): { upsert: boolean } {
  let value = raw ?? {};
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw invalidParameters();
    }
  }
  // As in any JSON body: a copy assigning `__proto__` would take it as its prototype.
  if (describeUnsafeJson(value)) throw invalidParameters();
  const parsed = uploadOptions.safeParse(value);
  if (!parsed.success) throw invalidParameters();
  return { upsert: parsed.data.upsert ?? false };
}

async function putFile(
  context: StorageContext,
  path: string,
  body: Readable,
  overwrite: boolean,
): Promise<PutResult> {
  try {
    return await context.store.put(path, body, { overwrite });
  } catch (error) {
    if (error instanceof FileExistsError) throw fileExists();
    if (error instanceof PathConflictError) throw folderInTheWay();
    context.log.error({ err: error, path }, 'could not store an upload');
    throw uploadFailed();
  }
}

async function storeUpload(
  context: StorageContext,
  form: UploadForm,
  userId: string,
): Promise<{ created: boolean; result: UploadResult }> {
  const { file } = form;
  if (!file) throw invalidParameters();
  if (!file.tempPath) throw fileTooLarge(file.size, UPLOAD_MAX_BYTES);
  const { upsert } = parseUploadOptions(form.options);
  const detected = await detectStoredType(file.tempPath, file.declaredType);
  // Profile pictures are shown small on every card; other files are kept byte for byte.
  const resize = detected.kind === 'image' && isProfilePicturePath(form.target);
  const type = resize ? WEBP : detected;
  const path = withExtension(form.target, type.extension, type.aliases);
  // Checked early to spare the resize; the store checks again atomically as it writes.
  if (!upsert && (await context.store.stat(path))) throw fileExists();
  const resized = resize ? await resizeProfilePicture(file.tempPath) : null;
  const bytes = resized ? resized.length : file.size;
  const stored = await context.quota.writeWithin(userId, { path, bytes }, () =>
    putFile(
      context,
      path,
      resized ? Readable.from([resized]) : createReadStream(file.tempPath!),
      upsert,
    ),
  );
  return {
    created: stored.created,
    result: {
      path,
      url: downloadUrl(context, path, stored.etag),
      size: stored.size,
      contentType: type.contentType,
    },
  };
}

/**
 * Handles POST upload for a signed-in user: stage, check the limit, the path, the type and
 * conflicts, then store. The staged file is removed whatever the outcome.
 */
export async function uploadFile(
  context: StorageContext,
  request: FastifyRequest,
  userId: string,
): Promise<{ created: boolean; result: UploadResult }> {
  const form = await readUploadForm(request, {
    stagingDir: context.stagingDir,
    maxBytes: UPLOAD_MAX_BYTES,
    parseTarget: (raw) => {
      const path = parseStoragePath(raw);
      requireOwnFolder(path, userId);
      return path;
    },
    log: context.log,
  });
  try {
    return await storeUpload(context, form, userId);
  } finally {
    await removeStagedFile(form.file);
  }
}
