import { IMAGE_EDIT_MAX_IMAGES } from './constants';

/** Limits of the AI endpoints (docs/product.md §7.8), checked by the server and the SDK alike. */
export const AI_PROMPT_MAX_CHARS = 32_000;
export const AI_MESSAGES_MAX = 100;
export const AI_MAX_TOKENS_MAX = 4096;
export const AI_SCHEMA_MAX_BYTES = 32 * 1024;
export const AI_SPEECH_TEXT_MAX = 4096;
export const AI_IMAGES_PER_REQUEST_MAX = 4;
export const AI_TRANSCRIBE_MAX_BYTES = 25 * 1024 * 1024;
export const AI_IMAGE_SIZES = [
  '256x256',
  '512x512',
  '1024x1024',
  '1024x1536',
  '1536x1024',
  'auto',
] as const;

/** The extensions an image input's URL path must end in. */
export const AI_IMAGE_URL_EXTENSION = /\.(jpe?g|png|gif|webp)$/i;

/** The messages for refused image inputs, the same whether the SDK or the server refuses. */
export const ImageUrlMessage = {
  https: 'Image URLs must use HTTPS protocol',
  invalid: 'Invalid URL format',
  tooMany: `Maximum ${IMAGE_EDIT_MAX_IMAGES} images allowed`,
  none: 'At least one image is required',
  extension: 'Image URLs must end in jpg, jpeg, png, gif or webp',
} as const;

/**
 * What is wrong with a list of image inputs, as one of `ImageUrlMessage`, or null when it is
 * fine: 1 to 16 https URLs whose path ends in jpg, jpeg, png, gif or webp.
 */
export function imageUrlProblem(urls: readonly string[]): string | null {
  if (urls.length === 0) return ImageUrlMessage.none;
  if (urls.length > IMAGE_EDIT_MAX_IMAGES) return ImageUrlMessage.tooMany;
  for (const value of urls) {
    const url = URL.parse(value);
    if (!url) return ImageUrlMessage.invalid;
    if (url.protocol !== 'https:') return ImageUrlMessage.https;
    if (!AI_IMAGE_URL_EXTENSION.test(url.pathname)) return ImageUrlMessage.extension;
  }
  return null;
}
