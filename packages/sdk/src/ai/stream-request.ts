import { errorFromResponse } from '../errors/error-from-response';
import {
  createAbortError,
  SdkError,
  SdkErrorKind,
  SdkMessage,
  toSdkError,
} from '../errors/sdk-error';
import type { AuthorizedFetch } from '../http/authorized-fetch';
import { fail, ok, type Result } from '../http/result';

export interface StreamOptions {
  /** Cancels the request: the reader and the fetch stop, and the result is an ABORTED failure. */
  signal?: AbortSignal;
}

const streamFailed = (status: number, cause?: unknown) =>
  new SdkError({
    kind: SdkErrorKind.ai,
    status,
    message: SdkMessage.streamingFailed,
    details: cause instanceof Error ? cause.message : cause,
  });

/**
 * POSTs JSON with `stream: true` and hands each piece of the streamed `text/plain` answer to
 * `onChunk` as it arrives; resolves with the whole text. The bytes go through one streaming
 * TextDecoder, so a character split across network chunks comes out whole.
 *
 * docs/product.md §8.5's messages: 'Streaming request failed' when the server refuses without
 * saying why, or when the body breaks off mid-stream (the server's way of reporting an upstream
 * failure once the text has started: the partial text is never an ok result); 'No response body
 * for streaming' when there is nothing to read. A cancelled stream is an ABORTED failure.
 */
export async function requestStream(
  authorizedFetch: AuthorizedFetch,
  url: string,
  body: object,
  onChunk: (text: string) => void,
  options: StreamOptions = {},
): Promise<Result<string>> {
  const { signal } = options;
  if (signal?.aborted) return fail(createAbortError(SdkErrorKind.ai));
  let response: Response;
  try {
    response = await authorizedFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/plain' },
      body: JSON.stringify({ ...body, stream: true }),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) return fail(createAbortError(SdkErrorKind.ai));
    return fail(toSdkError(error));
  }
  if (!response.ok) {
    return fail(await errorFromResponse(response, SdkErrorKind.ai, SdkMessage.streamingFailed));
  }
  if (!response.body) {
    return fail(
      new SdkError({
        kind: SdkErrorKind.ai,
        status: response.status,
        message: SdkMessage.noStreamBody,
      }),
    );
  }

  const reader = response.body.getReader();
  // Cancelling the reader also ends a read that is waiting, so the loop below stops at once even
  // where aborting the fetch does not reach a body already being read.
  const cancel = () => void reader.cancel().catch(() => {});
  signal?.addEventListener('abort', cancel, { once: true });
  const decoder = new TextDecoder('utf-8');
  let text = '';
  const hand = (piece: string) => {
    if (!piece) return;
    text += piece;
    onChunk(piece);
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (signal?.aborted) return fail(createAbortError(SdkErrorKind.ai));
      if (done) break;
      hand(decoder.decode(value, { stream: true }));
    }
    hand(decoder.decode());
    return ok(text);
  } catch (error) {
    if (signal?.aborted) return fail(createAbortError(SdkErrorKind.ai));
    // A throwing onChunk leaves the body unread: let the connection go.
    cancel();
    return fail(streamFailed(response.status, error));
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
}
