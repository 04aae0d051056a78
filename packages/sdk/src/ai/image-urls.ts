import { imageUrlProblem } from '@campuscollab/shared/core';
import { createValidationError, type SdkError } from '../errors/sdk-error';

/** The messages for refused image inputs, the same the server answers with. */
export { ImageUrlMessage } from '@campuscollab/shared/core';

/**
 * Image inputs are https URLs ending in jpg, jpeg, png, gif or webp, 1 to 16 of them
 * (docs/product.md §9). Checked before sending, by the rule the server applies, as a
 * VALIDATION_ERROR; null when the list is fine.
 */
export function checkImageUrls(urls: readonly string[]): SdkError | null {
  const problem = imageUrlProblem(urls);
  return problem ? createValidationError(problem) : null;
}
