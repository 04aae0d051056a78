import { SdkError, SdkErrorKind } from './sdk-error';

/**
 * The kind for a failed answer: the statuses docs/product.md §8.5 names win (401 AUTH_ERROR, 400
 * VALIDATION_ERROR), everything else belongs to the capability that asked (a storage 409 is a
 * STORAGE_ERROR, the ai module's 404 an AI_ERROR).
 */
export function kindForStatus(status: number, fallback: SdkErrorKind): SdkErrorKind {
  if (status === 0) return SdkErrorKind.network;
  if (status === 401) return SdkErrorKind.auth;
  if (status === 400) return SdkErrorKind.validation;
  return fallback;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nonEmptyString = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * docs/product.md §8.5's order for the text: the body's `error.message` if `error` is an object, or
 * `error` itself when it is a string, then `message`, else the caller's fallback or 'HTTP {status}'.
 */
export function readErrorMessage(body: unknown, status: number, fallback?: string): string {
  if (isRecord(body)) {
    const { error } = body;
    const fromError = isRecord(error) ? nonEmptyString(error.message) : nonEmptyString(error);
    const text = fromError ?? nonEmptyString(body.message);
    if (text) return text;
  }
  return fallback ?? `HTTP ${status}`;
}

/** Reads the server's code (`code`, or `error.code`), kept so the web app can branch on it. */
export function readErrorCode(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const code = body.code ?? (isRecord(body.error) ? body.error.code : undefined);
  if (typeof code === 'string' && code !== '') return code;
  return typeof code === 'number' ? String(code) : undefined;
}

/** Builds the SdkError for a parsed error body (or none) and its status. */
export function errorFromBody(
  status: number,
  body: unknown,
  kind: SdkErrorKind,
  fallbackMessage?: string,
): SdkError {
  const record = isRecord(body) ? body : {};
  return new SdkError({
    kind: kindForStatus(status, kind),
    status,
    message: readErrorMessage(body, status, fallbackMessage),
    code: readErrorCode(body),
    details: record.details,
    hint: typeof record.hint === 'string' ? record.hint : undefined,
  });
}

/** Reads a failed response's body (JSON when it is JSON, else ignored) into an SdkError. */
export async function errorFromResponse(
  response: Response,
  kind: SdkErrorKind,
  fallbackMessage?: string,
): Promise<SdkError> {
  let body: unknown;
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // A proxy's HTML error page or a cut-off body: the status alone must do.
    body = undefined;
  }
  return errorFromBody(response.status, body, kind, fallbackMessage);
}
