import { ErrorCode } from '@campuscollab/shared';
import { HttpError } from '../../lib/http-error';

/** The data endpoints' own refusals (docs/product.md §8.6 for the shape); the SDK shows them. */
export const upstreamStatus = (status: number) =>
  new HttpError(502, 'UPSTREAM_STATUS', `The URL answered with HTTP status ${status}`);

export const unsupportedPage = (contentType: string) =>
  new HttpError(
    415,
    ErrorCode.unsupportedMediaType,
    `Unsupported content type ${contentType ? `"${contentType}"` : '(none given)'}: ` +
      'expected an HTML page, plain text, markdown or a PDF',
  );

export const notAnHtmlPage = (contentType: string) =>
  new HttpError(
    415,
    ErrorCode.unsupportedMediaType,
    `Only HTML pages can be scraped; the URL answered ${contentType ? `"${contentType}"` : 'without a content type'}`,
  );

/** The storage service's wording (modules/storage/errors.ts), so both uploads read alike. */
export const unsupportedFile = (reason?: string) =>
  new HttpError(
    415,
    ErrorCode.unsupportedMediaType,
    reason ? `Unsupported file type: ${reason}` : 'Unsupported file type',
  );

export const unreadableDocument = (
  kind: string,
  reason = `the file is damaged, encrypted or not really a ${kind}`,
) => new HttpError(422, 'UNREADABLE_DOCUMENT', `The ${kind} could not be read: ${reason}`);

export const badUpload = (message: string) => new HttpError(400, ErrorCode.validation, message);

export const searchNotConfigured = () =>
  new HttpError(
    503,
    'SEARCH_NOT_CONFIGURED',
    'Search is not configured: set SEARCH_URL to a SearXNG instance',
  );

export const searchFailed = (reason: string) =>
  new HttpError(502, 'SEARCH_FAILED', `Search failed: ${reason}`);
