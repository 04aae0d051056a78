import { IMAGE_EDIT_MAX_IMAGES } from '@campuscollab/shared/core';
import { createValidationError, type SdkError } from '../errors/sdk-error';

const IMAGE_EXTENSION = /\.(jpe?g|png|gif|webp)$/i;

/** docs/product.md §8's texts for image inputs, plus ours for the extension rule it states without one. */
export const ImageUrlMessage = {
  https: 'Image URLs must use HTTPS protocol',
  invalid: 'Invalid URL format',
  tooMany: `Maximum ${IMAGE_EDIT_MAX_IMAGES} images allowed`,
  none: 'At least one image is required',
  extension: 'Image URLs must end in jpg, jpeg, png, gif or webp',
} as const;

/**
 * docs/product.md §5: image inputs are https URLs ending in jpg, jpeg, png, gif or webp, 1 to 16 of
 * them. Checked before sending, as a VALIDATION_ERROR; null when the list is fine.
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
