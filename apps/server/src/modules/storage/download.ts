import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { StorageContext } from './context';
import { fileNotFound, invalidParameters, rangeNotSatisfiable } from './errors';
import { parseStoragePath } from './paths';
import { matchesEtag, parseRange } from './ranges';
import { typeOfStoredFile, type StoredType } from './sniff';

const downloadQuery = z.object({ path: z.string(), v: z.string().optional() });

// A URL carrying the current version never changes content: an overwrite changes the version
// and so the URL. Without it (or with an old one) caches must come back soon.
const CACHE_FOREVER = 'public, max-age=31536000, immutable';
const CACHE_BRIEFLY = 'public, max-age=60';

/** The version token of a stored file, for the `v=` parameter of its URL. */
export const versionOf = (etag: string) => etag.replaceAll('"', '');

/** The public URL of a stored file; it becomes the profile's `profilePicture`. */
export function downloadUrl(
  context: Pick<StorageContext, 'publicUrl' | 'projectId'>,
  path: string,
  etag: string,
): string {
  const query = new URLSearchParams({ path, v: versionOf(etag) });
  return `${context.publicUrl}/api/storage/${context.projectId}/download?${query}`;
}

/**
 * Images and audio open in the page; anything else (PDF) is a download, so a document that
 * carries script never runs as a page of our origin. The name survives in RFC 6266 form.
 */
function contentDisposition(type: StoredType | undefined, path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const disposition = type?.kind === 'image' || type?.kind === 'audio' ? 'inline' : 'attachment';
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Public: `<img src>` sends no token, and profile pictures are public (docs/product.md §6.6). */
export async function downloadFile(
  context: StorageContext,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const query = downloadQuery.safeParse(request.query);
  if (!query.success) throw invalidParameters();
  const path = parseStoragePath(query.data.path);
  const file = await context.store.open(path);
  if (!file) throw fileNotFound();
  const { etag, size } = file.info;
  const type = typeOfStoredFile(path);
  reply.headers({
    etag,
    'cache-control': query.data.v === versionOf(etag) ? CACHE_FOREVER : CACHE_BRIEFLY,
    'x-content-type-options': 'nosniff',
    // Helmet's same-origin default would stop a web app on another origin showing the image.
    'cross-origin-resource-policy': 'cross-origin',
    'accept-ranges': 'bytes',
  });
  if (matchesEtag(request.headers['if-none-match'], etag)) {
    await file.close();
    return reply.status(304).send();
  }
  const ifRange = request.headers['if-range'];
  const range = parseRange(
    request.headers.range,
    typeof ifRange === 'string' ? ifRange : undefined,
    size,
    etag,
  );
  if (range.kind === 'unsatisfiable') {
    await file.close();
    throw rangeNotSatisfiable(size);
  }
  reply.headers({
    'content-type': type?.contentType ?? 'application/octet-stream',
    'content-disposition': contentDisposition(type, path),
  });
  if (range.kind === 'whole') {
    // Bounded even for the whole file: the stream then ends on its last byte instead of after
    // one more read finds the end of the file, so the response is finished by the time the
    // client has it all (and a shutdown then finds the connection idle).
    const whole = size > 0 ? { start: 0, end: size - 1 } : undefined;
    return reply.header('content-length', size).send(file.stream(whole));
  }
  const { start, end } = range.range;
  return reply
    .status(206)
    .headers({
      'content-range': `bytes ${start}-${end}/${size}`,
      'content-length': end - start + 1,
    })
    .send(file.stream(range.range));
}
