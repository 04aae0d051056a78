import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import sharp from 'sharp';

/* eslint-disable @typescript-eslint/no-explicit-any -- request bodies are whatever a client sent */

export interface FakeAiRequest {
  path: string;
  body: any;
  headers: Record<string, string | string[] | undefined>;
}

export interface FakeAiProvider {
  /** e.g. http://127.0.0.1:PORT/v1 — the value for AI_BASE_URL. */
  baseUrl: string;
  /** Every request received, in order. */
  requests: FakeAiRequest[];
  /** How many streamed answers the client abandoned before their end. */
  abortedStreams(): number;
  close(): Promise<void>;
}

export interface FakeAiOptions {
  /** The assistant's text for a chat completion request (default: echoes the last user message). */
  reply?: (body: any) => string;
  /** Delay between streamed chunks (default 0); streams split the reply into word chunks. */
  chunkDelayMs?: number;
  /** When set, requests without `Authorization: Bearer <apiKey>` are refused with a 401. */
  apiKey?: string;
  /** An OpenAI-shaped error to answer a request with instead (a provider's 4xx or 5xx). */
  failWith?: (request: FakeAiRequest) => { status: number; message: string } | undefined;
  /** Streams: the connection is cut after this many chunks, as a provider that dies mid-answer. */
  breakStreamAfter?: number;
  /** How images are answered: base64 in the JSON (default) or a URL on this server. */
  imagesAs?: 'b64_json' | 'url';
}

/** Words of a streamed answer, each keeping the space after it, so they join back exactly. */
const wordChunks = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];

const tokensOf = (text: string) => Math.ceil(text.length / 4);

function lastUserMessage(body: any): string {
  const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
  const last = [...messages].reverse().find((message) => message?.role === 'user');
  return typeof last?.content === 'string' ? last.content : '';
}

function promptText(body: any): string {
  const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
  return messages.map((message) => String(message?.content ?? '')).join('');
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** JSON as JSON; multipart as its fields and, for files, their name, type and size. */
async function parseBody(request: IncomingMessage, raw: Buffer): Promise<any> {
  const type = request.headers['content-type'] ?? '';
  if (type.includes('application/json')) return JSON.parse(raw.toString('utf8') || 'null');
  if (type.includes('multipart/form-data')) {
    const form = await new Response(new Uint8Array(raw), {
      headers: { 'content-type': type },
    }).formData();
    const body: Record<string, any> = {};
    for (const [name, value] of form.entries()) {
      const entry =
        typeof value === 'string'
          ? value
          : { filename: value.name, type: value.type, size: value.size };
      body[name] = name in body ? [body[name], entry].flat() : entry;
    }
    return body;
  }
  return raw.toString('utf8');
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/**
 * A real HTTP server speaking the OpenAI wire format, for tests of the AI endpoints and of
 * everything built on them (the SDK, the web app's end-to-end tests): chat completions, plain
 * and streamed as server-sent events, image generation and edits, speech and transcription.
 * `options` is read on every request, so a test may change it between requests.
 */
export async function startFakeAiProvider(options: FakeAiOptions = {}): Promise<FakeAiProvider> {
  const requests: FakeAiRequest[] = [];
  let aborted = 0;
  const png = await sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 51, g: 102, b: 204 } },
  })
    .png()
    .toBuffer();
  let origin = '';

  async function streamCompletion(response: ServerResponse, body: any, text: string) {
    const id = `chatcmpl-fake-${requests.length}`;
    const chunk = (delta: object, finish: string | null) => ({
      id,
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    let finished = false;
    response.on('close', () => {
      if (!finished) aborted += 1;
    });
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (data: unknown) =>
      response.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
    send(chunk({ role: 'assistant', content: '' }, null));
    const words = wordChunks(text);
    for (const [index, word] of words.entries()) {
      if (response.destroyed) return;
      if (index === options.breakStreamAfter) {
        finished = true;
        response.socket?.destroy();
        return;
      }
      if (index > 0 && options.chunkDelayMs) await delay(options.chunkDelayMs);
      if (response.destroyed) return;
      send(chunk({ content: word }, null));
    }
    if (options.chunkDelayMs) await delay(options.chunkDelayMs);
    if (response.destroyed) return;
    send(chunk({}, 'stop'));
    if (body.stream_options?.include_usage) {
      const prompt = tokensOf(promptText(body));
      const completion = tokensOf(text);
      send({
        ...chunk({}, null),
        choices: [],
        usage: {
          prompt_tokens: prompt,
          completion_tokens: completion,
          total_tokens: prompt + completion,
        },
      });
    }
    send('[DONE]');
    finished = true;
    response.end();
  }

  function imagesAnswer(count: number) {
    const data = Array.from({ length: count }, () =>
      options.imagesAs === 'url'
        ? { url: `${origin}/files/image.png` }
        : { b64_json: png.toString('base64') },
    );
    return { created: Math.floor(Date.now() / 1000), data };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = (request.url ?? '/').split('?')[0]!;
    if (request.method === 'GET' && path === '/files/image.png') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(png);
      return;
    }
    const body = await parseBody(request, await readBody(request));
    const recorded: FakeAiRequest = { path, body, headers: { ...request.headers } };
    requests.push(recorded);

    if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`) {
      sendJson(response, 401, {
        error: { message: 'Incorrect API key provided', type: 'invalid_request_error' },
      });
      return;
    }
    const failure = options.failWith?.(recorded);
    if (failure) {
      sendJson(response, failure.status, {
        error: { message: failure.message, type: 'invalid_request_error' },
      });
      return;
    }

    switch (`${request.method} ${path}`) {
      case 'POST /v1/chat/completions': {
        const text = (options.reply ?? lastUserMessage)(body);
        if (body.stream) return streamCompletion(response, body, text);
        const prompt = tokensOf(promptText(body));
        const completion = tokensOf(text);
        sendJson(response, 200, {
          id: `chatcmpl-fake-${requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [
            { index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' },
          ],
          usage: {
            prompt_tokens: prompt,
            completion_tokens: completion,
            total_tokens: prompt + completion,
          },
        });
        return;
      }
      case 'POST /v1/images/generations':
      case 'POST /v1/images/edits':
        sendJson(response, 200, imagesAnswer(Number(body.n ?? 1)));
        return;
      case 'POST /v1/audio/speech':
        response.writeHead(200, { 'content-type': 'audio/mpeg' });
        // An MPEG audio frame header, then silence: enough for a type sniffer to call it MP3.
        response.end(Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(412)]));
        return;
      case 'POST /v1/audio/transcriptions':
        sendJson(response, 200, {
          text: `Transcribed ${body.file?.size ?? 0} bytes of ${body.file?.type || 'audio'}`,
        });
        return;
      default:
        sendJson(response, 404, { error: { message: `No route ${request.method} ${path}` } });
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: { message: String(error) } });
      else response.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: `${origin}/v1`,
    requests,
    abortedStreams: () => aborted,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
