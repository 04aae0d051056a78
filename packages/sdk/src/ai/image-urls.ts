import { IMAGE_EDIT_MAX_IMAGES } from '@campuscollab/shared/core';
import { createValidationError, type SdkError } from '../errors/sdk-error';

const IMAGE_EXTENSION = /\.(jpe?g|png|gif|webp)$/i;

/** The messages for refused image inputs, checked before sending. */
export const ImageUrlMessage = {
  https: 'Image URLs must use HTTPS protocol',
  invalid: 'Invalid URL format',
  tooMany: `Maximum ${IMAGE_EDIT_MAX_IMAGES} images allowed`,
  none: 'At least one image is required',
  extension: 'Image URLs must end in jpg, jpeg, png, gif or webp',
} as const;

/**
 * Image inputs are https URLs ending in jpg, jpeg, png, gif or webp, 1 to 16 of them
 * (docs/product.md §9). Checked before sending, as a VALIDATION_ERROR; null when the list is fine.
 */
export function checkImageUrls(urls: readonly string[]): SdkError | null {
  if (urls.length === 0) return createValidationError(ImageUrlMessage.none);
  if (urls.length > IMAGE_EDIT_MAX_IMAGES) return createValidationError(ImageUrlMessage.tooMany);
  for (const value of urls) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return createValidationError(ImageUrlMessage.invalid);
    }
    if (url.protocol !== 'https:') return createValidationError(ImageUrlMessage.https);
    if (!IMAGE_EXTENSION.test(url.pathname))
      return createValidationError(ImageUrlMessage.extension);
  }
  return null;
}
