import type { APIError } from 'openai';
import { HttpError } from '../../lib/http-error';

export const AI_PROVIDER_ERROR = 'AI_PROVIDER_ERROR';
export const AI_TIMEOUT = 'AI_TIMEOUT';

/** How much of a provider's own message reaches the student. */
const SHOWN_MESSAGE_MAX = 300;
// Anything shaped like a credential is cut from a message before it is shown.
const SECRET_LIKE = /\b(sk|pk|key|api)[-_][\w-]{6,}/gi;

export const providerUnreachable = () =>
  new HttpError(502, AI_PROVIDER_ERROR, 'The AI provider could not be reached or failed');

export const providerTimeout = () =>
  new HttpError(504, AI_TIMEOUT, 'The AI provider did not answer in time');

/**
 * A provider's refusal of a request (4xx) usually says something the student can act on (the
 * context is too long, the model does not exist, content was refused), so its message is shown,
 * clipped and with anything key-shaped removed. Its complaints about the server's own key or
 * access are not the student's business and stay generic.
 */
function refused(error: APIError): HttpError {
  const status = error.status ?? 0;
  if (status === 401 || status === 403) {
    return new HttpError(
      502,
      AI_PROVIDER_ERROR,
      'The AI provider refused the server’s credentials',
    );
  }
  const raw = (error.error as { message?: unknown } | undefined)?.message;
  const text = typeof raw === 'string' && raw.trim() ? raw.trim() : `status ${status}`;
  const shown = text.replace(SECRET_LIKE, '[redacted]').slice(0, SHOWN_MESSAGE_MAX);
  return new HttpError(502, AI_PROVIDER_ERROR, `The AI provider refused the request: ${shown}`);
}

/** nginx's status for a client that went away: nobody reads it, and it is not a server fault. */
const clientGone = () =>
  new HttpError(499, 'CLIENT_CLOSED_REQUEST', 'The client closed the request before its answer');

/**
 * The error a client sees for a failed provider call: 504 for a timeout, 502 otherwise; a call
 * aborted because the client went away ends as a 499 nobody receives. The SDK's classes come
 * from the SDK the call was made with, so loading it here waits for nothing.
 */
export async function translateProviderError(error: unknown): Promise<unknown> {
  if (error instanceof HttpError) return error;
  const { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } =
    await import('openai');
  if (error instanceof APIUserAbortError) return clientGone();
  if (error instanceof APIConnectionTimeoutError) return providerTimeout();
  if (error instanceof APIConnectionError) return providerUnreachable();
  if (error instanceof APIError) {
    const status = error.status ?? 500;
    return status >= 400 && status < 500 ? refused(error) : providerUnreachable();
  }
  if (error instanceof Error && error.name === 'AbortError') return clientGone();
  return providerUnreachable();
}
