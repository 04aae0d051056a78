import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { TextStream } from './provider';

export interface StreamHooks {
  /** Called with the whole text once the provider has finished; throwing ends the body abruptly. */
  check?(text: string): void;
  /** Called once, however the stream ended, with what was sent. */
  settle(text: string, completed: boolean): Promise<void>;
}

/**
 * Sends a provider's stream as a `text/plain` body, each chunk written as it arrives. The first
 * chunk is awaited before anything is sent, so a provider that fails at once is still an
 * ordinary JSON error. Past that, a failure (the provider's, or `check`'s) ends the response
 * without its final chunk: Fastify destroys the socket when a streamed body errors, so the
 * client's read fails instead of ending as if the text were complete.
 */
export async function sendTextStream(
  reply: FastifyReply,
  stream: TextStream,
  hooks: StreamHooks,
): Promise<FastifyReply> {
  const chunks = stream[Symbol.asyncIterator]();
  let text = '';
  let first: IteratorResult<string>;
  try {
    first = await chunks.next();
  } catch (error) {
    await hooks.settle(text, false);
    throw error;
  }

  async function* body() {
    let completed = false;
    try {
      for (let next = first; !next.done; next = await chunks.next()) {
        text += next.value;
        yield next.value;
      }
      hooks.check?.(text);
      completed = true;
    } finally {
      await hooks.settle(text, completed);
    }
  }

  return (
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      // Proxies such as nginx would otherwise hold the chunks back and send them all at the end.
      .header('x-accel-buffering', 'no')
      .send(Readable.from(body(), { objectMode: false }))
  );
}
