import { SdkErrorKind } from '@campuscollab/sdk';

export const IMPORT_NOT_ALLOWED = "That link can't be imported.";
export const IMPORT_NO_TEXT = 'That page has no text to import.';
export const IMPORT_RATE_LIMITED =
  'Too many imports in a short time. Please wait a minute and try again.';
export const IMPORT_NETWORK = 'Could not reach the server. Check your connection and try again.';
export const IMPORT_UNREACHABLE = 'That page could not be opened. Check the link and try again.';
export const IMPORT_UNREADABLE = "That document can't be read.";
export const IMPORT_GENERIC = 'Could not import that link. Please try again.';
export const IMPORT_BAD_LINK = 'Enter a link that starts with http:// or https://.';

/**
 * A failed import in words a student understands: a private or refused address, a page without
 * text (415), the rate limit, a page that answered with an error, an unreadable document, no
 * connection, and anything else.
 */
export function describeImportError(error: unknown): string {
  const { code, status, kind } = (error ?? {}) as { code?: string; status?: number; kind?: string };
  if (code === 'URL_NOT_ALLOWED') return IMPORT_NOT_ALLOWED;
  if (status === 415) return IMPORT_NO_TEXT;
  if (status === 429) return IMPORT_RATE_LIMITED;
  // The page answered with an error status, or its document (a PDF) was damaged.
  if (code === 'UPSTREAM_STATUS') return IMPORT_UNREACHABLE;
  if (status === 422) return IMPORT_UNREADABLE;
  if (kind === SdkErrorKind.network) return IMPORT_NETWORK;
  if (code === 'VALIDATION_ERROR') return IMPORT_BAD_LINK;
  return IMPORT_GENERIC;
}
