import { unsupportedType } from './errors';

export type StoredKind = 'image' | 'pdf' | 'audio';

/** A type the store accepts: its canonical extension, the type it is served as, its kind. */
export interface StoredType {
  extension: string;
  /** Other extensions of the same type that a file name may keep (`photo.jpeg`). */
  aliases: readonly string[];
  contentType: string;
  kind: StoredKind;
}

const type = (
  extension: string,
  contentType: string,
  kind: StoredKind,
  aliases: readonly string[] = [],
): StoredType => ({ extension, aliases, contentType, kind });

// Keyed by the extension file-type reports. Everything else is refused: SVG and HTML run
// script when opened from our origin, and executables or archives have no place in a profile.
const ALLOWED: ReadonlyMap<string, StoredType> = new Map([
  ['jpg', type('jpg', 'image/jpeg', 'image', ['jpeg'])],
  ['png', type('png', 'image/png', 'image')],
  ['gif', type('gif', 'image/gif', 'image')],
  ['webp', type('webp', 'image/webp', 'image')],
  ['avif', type('avif', 'image/avif', 'image')],
  ['pdf', type('pdf', 'application/pdf', 'pdf')],
  ['mp3', type('mp3', 'audio/mpeg', 'audio')],
  ['wav', type('wav', 'audio/wav', 'audio')],
  ['ogg', type('ogg', 'audio/ogg', 'audio', ['oga'])],
  ['oga', type('oga', 'audio/ogg', 'audio', ['ogg'])],
  ['opus', type('opus', 'audio/ogg', 'audio', ['ogg'])],
  // The WebM signature cannot tell audio from video; what browsers record is audio/webm.
  ['webm', type('webm', 'audio/webm', 'audio')],
]);

export const WEBP: StoredType = ALLOWED.get('webp')!;

/**
 * The type a stored file is served as, from its extension: only uploads write files, and they
 * set the extension from the detected content, so the extension is trustworthy here.
 */
export function typeOfStoredFile(path: string): StoredType | undefined {
  const dot = path.lastIndexOf('.');
  if (dot <= path.lastIndexOf('/')) return undefined;
  const extension = path.slice(dot + 1).toLowerCase();
  return ALLOWED.get(extension === 'jpeg' ? 'jpg' : extension);
}

/**
 * The file's type from its content signature; file-type reads only the first bytes it needs.
 * The name and the type the client declared are never trusted, but a client that declared
 * audio gets the audio message of docs/product.md §5.10.
 */
export async function detectStoredType(file: string, declaredType: string): Promise<StoredType> {
  // Loaded on first use, not at start-up (docs/architecture.md §2.1).
  const { fileTypeFromFile } = await import('file-type');
  const detected = await fileTypeFromFile(file).catch(() => undefined);
  const allowed = detected && ALLOWED.get(detected.ext);
  if (!allowed) throw unsupportedType(declaredType.toLowerCase().startsWith('audio/'));
  return allowed;
}
