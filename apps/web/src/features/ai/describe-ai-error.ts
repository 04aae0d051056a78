import { SdkErrorKind } from '@campuscollab/sdk';

/** Codes of the AI endpoints' refusals. */
export const AiErrorCode = {
  notConfigured: 'AI_NOT_CONFIGURED',
  budgetExceeded: 'AI_BUDGET_EXCEEDED',
} as const;

export const AI_GENERIC_ERROR = 'The AI helper could not finish. Please try again.';
export const AI_BUDGET_ERROR = 'The AI helper has done all it can for now. Please try again later.';
export const AI_RATE_ERROR = 'Too many requests. Please wait a minute and try again.';
export const AI_UNAVAILABLE_ERROR = 'The AI helper is not available right now.';
export const AI_NETWORK_ERROR = 'Could not reach the server. Check your connection and try again.';

/** A failed AI call in words a student understands; the server's own text is for developers. */
export function describeAiError(error: unknown): string {
  const { code, status, kind } = (error ?? {}) as { code?: string; status?: number; kind?: string };
  if (code === AiErrorCode.budgetExceeded) return AI_BUDGET_ERROR;
  if (status === 429) return AI_RATE_ERROR;
  if (code === AiErrorCode.notConfigured) return AI_UNAVAILABLE_ERROR;
  if (kind === SdkErrorKind.network) return AI_NETWORK_ERROR;
  return AI_GENERIC_ERROR;
}
