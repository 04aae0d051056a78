/**
 * The error kinds of docs/product.md §8.5, plus DATABASE_ERROR for table API failures that are
 * neither bad input (400), a missing session (401) nor a network failure: no other kind fits
 * a 403 policy refusal or a 409 conflict, and calling those VALIDATION_ERROR would mislead.
 */
export const SdkErrorKind = {
  auth: 'AUTH_ERROR',
  network: 'NETWORK_ERROR',
  validation: 'VALIDATION_ERROR',
  storage: 'STORAGE_ERROR',
  ai: 'AI_ERROR',
  data: 'DATA_ERROR',
  realtime: 'REALTIME_ERROR',
  notifications: 'NOTIFICATIONS_ERROR',
  database: 'DATABASE_ERROR',
} as const;

export type SdkErrorKind = (typeof SdkErrorKind)[keyof typeof SdkErrorKind];

/** The fixed client-side messages of docs/product.md §8.5, so callers can compare against them. */
export const SdkMessage = {
  networkFailed: 'Network request failed',
  uploadFailed: 'File upload failed',
  streamingFailed: 'Streaming request failed',
  noStreamBody: 'No response body for streaming',
  authTimeout: 'Authentication timeout - no user available',
  notAuthenticated: 'Not authenticated',
  noAccessToken: 'No access token available',
  fetchUserFailed: 'Failed to fetch user',
  updateUserFailed: 'Failed to update user',
  aborted: 'Request aborted',
} as const;

/**
 * Codes the SDK sets itself, next to the server's. ABORTED marks a request the caller cancelled
 * through its AbortSignal, so an app can tell "I stopped it" from a failure worth showing.
 */
export const SdkErrorCode = {
  aborted: 'ABORTED',
} as const;

export interface SdkErrorInit {
  kind: SdkErrorKind;
  /** HTTP status; 0 when the request never completed. */
  status: number;
  message: string;
  /** The server's machine-readable code (EMAIL_NOT_VERIFIED, INVALID_CREDENTIALS, 23505, ...). */
  code?: string | undefined;
  details?: unknown;
  hint?: string | null | undefined;
}

/** Every failure the SDK reports: a kind to branch on, the HTTP status and the server's code. */
export class SdkError extends Error {
  readonly kind: SdkErrorKind;
  readonly status: number;
  readonly code: string | undefined;
  readonly details: unknown;
  readonly hint: string | null | undefined;

  /** Builds an error from its parts; see {@link SdkErrorInit}. */
  constructor(init: SdkErrorInit) {
    super(init.message);
    this.name = 'SdkError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.hint = init.hint;
  }
}

/** A NETWORK_ERROR (status 0): the request never completed, so there is no answer to read. */
export function createNetworkError(cause?: unknown): SdkError {
  return new SdkError({
    kind: SdkErrorKind.network,
    status: 0,
    message: SdkMessage.networkFailed,
    details: cause instanceof Error ? cause.message : cause,
  });
}

/** A VALIDATION_ERROR raised before sending, shaped like the server's own 400 answer. */
export function createValidationError(message: string): SdkError {
  return new SdkError({
    kind: SdkErrorKind.validation,
    status: 400,
    message,
    code: SdkErrorKind.validation,
  });
}

/** An AUTH_ERROR (401) raised locally, for example when no session exists. */
export function createAuthError(message: string): SdkError {
  return new SdkError({ kind: SdkErrorKind.auth, status: 401, message, code: 'UNAUTHORIZED' });
}

/**
 * The caller cancelled the request (its AbortSignal fired): status 0 like a network failure, since
 * no answer was read, but with code ABORTED and the capability's kind.
 */
export function createAbortError(kind: SdkErrorKind): SdkError {
  return new SdkError({ kind, status: 0, message: SdkMessage.aborted, code: SdkErrorCode.aborted });
}

/** True for the failure of a request its caller cancelled (see {@link createAbortError}). */
export function isAbortError(error: unknown): boolean {
  return error instanceof SdkError && error.code === SdkErrorCode.aborted;
}

/** Anything thrown inside the SDK as an SdkError: our own pass through, the rest are network failures. */
export function toSdkError(error: unknown): SdkError {
  return error instanceof SdkError ? error : createNetworkError(error);
}
