import { unsupportedType } from './errors';

/** Profile pictures are shown at most a few hundred pixels wide; 512 covers 2x screens. */
export const PROFILE_PICTURE_MAX_PIXELS = 512;

// A 50 MB upload can still decode to gigabytes (a "pixel bomb"); 100 megapixels admits every
// phone camera while bounding what one request may make the server allocate.
const MAX_INPUT_PIXELS = 100_000_000;

/**
 * Re-encodes an image as a WebP of at most 512 px on its longest side, turned upright from its
 * EXIF orientation. Only the first frame of an animated GIF or WebP is kept: an avatar need not
 * move, and decoding every frame of a long animation is the costliest thing an upload could
 * ask for. Metadata (EXIF, including GPS positions from phones) is dropped, which is why even
 * a small WebP is re-encoded. The result is small enough to hold in memory.
 */
export async function resizeProfilePicture(file: string): Promise<Buffer> {
  // Loaded with the first picture, not at start-up (docs/architecture.md §2.1); outside the try,
  // so a sharp that cannot load is a 500, not a student's unsupported image.
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(file, {
      autoOrient: true,
      limitInputPixels: MAX_INPUT_PIXELS,
      pages: 1,
      sequentialRead: true,
    })
      .resize({
        width: PROFILE_PICTURE_MAX_PIXELS,
        height: PROFILE_PICTURE_MAX_PIXELS,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // The signature matched but the image does not decode (truncated, corrupt, too large).
    throw unsupportedType(false);
  }
}
