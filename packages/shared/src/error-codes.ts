/** Machine-readable codes of the platform's JSON errors (docs/product.md §8.6). */
export const ErrorCode = {
  validation: 'VALIDATION_ERROR',
  invalidCredentials: 'INVALID_CREDENTIALS',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  unauthorized: 'UNAUTHORIZED',
  invalidToken: 'INVALID_TOKEN',
  /** An emailed link (verification, password reset) that is unknown, used or expired. */
  invalidLink: 'INVALID_LINK',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  storageQuotaExceeded: 'STORAGE_QUOTA_EXCEEDED',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  rateLimited: 'RATE_LIMITED',
  unavailable: 'SERVICE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The body of every error the platform sends. */
export interface ApiErrorBody {
  code: string;
  message: string;
  details?: unknown;
  hint?: string | null;
}

/** Server text for a wrong email/password pair; the auth page maps it (docs/product.md §8.1). */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid login credentials';
export const PASSWORD_TOO_SHORT_MESSAGE = 'Password must be at least 8 characters';
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match';
export const INVALID_LINK_MESSAGE = 'This link is invalid or has expired. Request a new one.';
