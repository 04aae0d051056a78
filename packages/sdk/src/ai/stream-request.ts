import { errorFromResponse } from '../errors/error-from-response';
import { SdkError, SdkErrorKind, SdkMessage, toSdkError } from '../errors/sdk-error';
import type { AuthorizedFetch } from '../http/authorized-fetch';
import { fail, ok, type Result } from '../http/result';

/**
 * POSTs JSON and hands each decoded text chunk of the streamed answer to `onChunk`; resolves
 * with the whole text. docs/product.md §8.5's messages: 'Streaming request failed' when the server
 * refuses without saying why, 'No response body for streaming' when there is nothing to read.
 */
export async function requestStream(
  authorizedFetch: AuthorizedFetch,
  url: string,
  body: unknown,
  onChunk: (text: string) => void,
): Promise<Result<string>> {
  try {
    const response = await authorizedFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ ...(body as object), stream: true }),
    });
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
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += value;
      onChunk(value);
    }
    return ok(text);
  } catch (error) {
    return fail(toSdkError(error));
  }
}
