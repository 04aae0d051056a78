import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthorizedFetch } from '../http/authorized-fetch';
import { requestStream } from './stream-request';

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void;

/** A real local HTTP server answering every request with `handler`. */
async function startServer(handler: Handler) {
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (piece: string) => (body += piece));
    request.on('end', () => handler(request, body, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/ai/campus/text`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const authorizedFetch = createAuthorizedFetch((input, init) => fetch(input, init), {
  getAccessToken: async () => 'token-1',
  renewAfterUnauthorized: async () => null,
});

/** A promise the test settles when it wants. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(handler: Handler) {
  const server = await startServer(handler);
  close = server.close;
  return server.url;
}

describe('requestStream against a real streaming server', () => {
  it('asks for text/plain with stream: true and hands each decoded piece on', async () => {
    let seen: { headers: IncomingMessage['headers']; body: unknown } | undefined;
    const url = await serve((request, body, response) => {
      seen = { headers: request.headers, body: JSON.parse(body) };
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Hello');
    });
    const chunks: string[] = [];
    const result = await requestStream(authorizedFetch, url, { prompt: 'hi' }, (chunk) =>
      chunks.push(chunk),
    );
    expect(result).toEqual({ data: 'Hello', error: null });
    expect(chunks.join('')).toBe('Hello');
    expect(seen?.headers.accept).toBe('text/plain');
    expect(seen?.headers.authorization).toBe('Bearer token-1');
    expect(seen?.body).toEqual({ prompt: 'hi', stream: true });
  });

  it('keeps characters whole when their bytes arrive in different chunks', async () => {
    // 'é' is two bytes and '😀' four; the server sends the first byte of each only after the
    // client has handed on what came before, so each really is split across reads.
    const bytes = Buffer.from('abé😀!', 'utf8');
    const firstRead = deferred();
    const url = await serve((_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      response.write(bytes.subarray(0, 3)); // 'ab' and half of 'é'
      void firstRead.promise.then(() => {
        response.write(bytes.subarray(3, 6)); // the rest of 'é', half of '😀'
        response.end(bytes.subarray(6));
      });
    });
    const chunks: string[] = [];
    const result = await requestStream(authorizedFetch, url, { prompt: 'x' }, (chunk) => {
      chunks.push(chunk);
      firstRead.resolve();
    });
    expect(result.data).toBe('abé😀!');
    expect(chunks[0]).toBe('ab');
    expect(chunks.join('')).toBe('abé😀!');
    expect(chunks.join('')).not.toContain('\uFFFD');
  });

  it('fails with "Streaming request failed" when the body breaks off, never with the partial text', async () => {
    const url = await serve((_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      response.write('The first half');
      setImmediate(() => response.destroy());
    });
    const chunks: string[] = [];
    const result = await requestStream(authorizedFetch, url, { prompt: 'x' }, (chunk) =>
      chunks.push(chunk),
    );
    expect(result.data).toBeNull();
    expect(result.error).toMatchObject({
      kind: 'AI_ERROR',
      status: 200,
      message: 'Streaming request failed',
    });
    expect(chunks.join('')).toBe('The first half');
  });

  it('stops reading and closes the connection when cancelled, as an ABORTED failure', async () => {
    const closed = deferred();
    const url = await serve((_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      response.write('Once upon');
      // Never ends by itself: only the client's cancel can close it.
      response.on('close', () => closed.resolve());
    });
    const controller = new AbortController();
    const chunks: string[] = [];
    const result = await requestStream(
      authorizedFetch,
      url,
      { prompt: 'x' },
      (chunk) => {
        chunks.push(chunk);
        controller.abort();
      },
      { signal: controller.signal },
    );
    expect(result.data).toBeNull();
    expect(result.error).toMatchObject({
      kind: 'AI_ERROR',
      status: 0,
      code: 'ABORTED',
      message: 'Request aborted',
    });
    await closed.promise;
    expect(chunks).toEqual(['Once upon']);
  });

  it('sends nothing when the signal is already aborted', async () => {
    let requests = 0;
    const url = await serve((_request, _body, response) => {
      requests += 1;
      response.end('never');
    });
    const controller = new AbortController();
    controller.abort();
    const result = await requestStream(authorizedFetch, url, {}, () => {}, {
      signal: controller.signal,
    });
    expect(result.error).toMatchObject({ code: 'ABORTED' });
    expect(requests).toBe(0);
  });

  it("reports the server's refusal with its code, or 'Streaming request failed' without one", async () => {
    const url = await serve((request, _body, response) => {
      if (request.url?.endsWith('?bare')) {
        response.writeHead(502).end();
        return;
      }
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 'AI_NOT_CONFIGURED', message: 'AI is not set up' }));
    });
    const refused = await requestStream(authorizedFetch, url, {}, () => {});
    expect(refused.error).toMatchObject({
      kind: 'AI_ERROR',
      status: 503,
      code: 'AI_NOT_CONFIGURED',
      message: 'AI is not set up',
    });
    const bare = await requestStream(authorizedFetch, `${url}?bare`, {}, () => {});
    expect(bare.error).toMatchObject({
      kind: 'AI_ERROR',
      status: 502,
      message: 'Streaming request failed',
    });
  });

  it('reports a server that cannot be reached as NETWORK_ERROR', async () => {
    const url = await serve(() => {});
    await close?.();
    close = undefined;
    const result = await requestStream(authorizedFetch, url, {}, () => {});
    expect(result.error).toMatchObject({ kind: 'NETWORK_ERROR', status: 0 });
  });
});
