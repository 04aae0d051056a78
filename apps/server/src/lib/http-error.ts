/** What an error may carry besides its status, code and message. */
export interface HttpErrorExtras {
  details?: unknown;
  hint?: string | null;
  /** Extra response headers, such as Retry-After or WWW-Authenticate. */
  headers?: Record<string, string>;
}

/**
 * An error with an HTTP status and the platform's JSON shape `{code, message, details?, hint?}`.
 * Throw it from any handler; the error plugin sends it as is.
 */
export class HttpError extends Error {
  readonly details?: unknown;
  readonly hint?: string | null;
  readonly headers?: Record<string, string>;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    extras: HttpErrorExtras = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.details = extras.details;
    this.hint = extras.hint;
    this.headers = extras.headers;
  }
}
