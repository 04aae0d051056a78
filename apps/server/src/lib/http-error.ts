/**
 * An error with an HTTP status and the platform's JSON shape `{code, message, details?, hint?}`.
 * Throw it from any handler; the error plugin sends it as is.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly hint?: string | null,
    /** Extra response headers, such as Retry-After or WWW-Authenticate. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
