import {
  createVerifiedAccount,
  startFakeAiProvider,
  startTestApp,
  type FakeAiOptions,
  type FakeAiProvider,
  type TestApp,
} from '@campuscollab/server/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CampusClient } from '../src/create-client';
import { createSharedStorage } from './helpers/memory-storage';
import { createNodeClient } from './helpers/real-client';

/** A signed-in SDK client of the server at `baseUrl` (an account made by the server's helper). */
async function signedInClient(baseUrl: string, email: string) {
  const account = await createVerifiedAccount(baseUrl, email);
  const storage = createSharedStorage();
  storage.setItem('campuscollab.auth.campus', JSON.stringify(account));
  const { client } = createNodeClient(baseUrl, { storage });
  await client.auth.ready;
  return client;
}

describe('the AI client against the real server and a fake OpenAI-compatible provider', () => {
  const behaviour: FakeAiOptions = {};
  let provider: FakeAiProvider;
  let app: TestApp;
  let client: CampusClient;

  beforeAll(async () => {
    provider = await startFakeAiProvider(behaviour);
    app = await startTestApp('sqlite', { AI_BASE_URL: provider.baseUrl });
    client = await signedInClient(app.baseUrl, 'ada@mit.edu');
  });
  afterAll(async () => {
    client?.close();
    await app?.close();
    await provider?.close();
  });
  beforeEach(() => {
    for (const key of Object.keys(behaviour)) delete behaviour[key as keyof FakeAiOptions];
  });

  it('reports AI as configured, with its models', async () => {
    const { data, error } = await client.ai.status();
    expect(error).toBeNull();
    expect(data?.configured).toBe(true);
    expect(Object.keys(data?.models ?? {}).sort()).toEqual([
      'image',
      'speech',
      'text',
      'transcribe',
    ]);
  });

  it('generates text with the system text sent along', async () => {
    behaviour.reply = (body) => `Echo: ${body.messages.at(-1).content}`;
    const { data, error } = await client.ai.generateText({ prompt: 'hello', system: 'Be brief.' });
    expect(error).toBeNull();
    expect(data).toEqual({ text: 'Echo: hello' });
    expect(provider.requests.at(-1)!.body.messages[0]).toEqual({
      role: 'system',
      content: 'Be brief.',
    });
  });

  it('streams text piece by piece, characters outside ASCII whole', async () => {
    const reply = 'Grüße aus Zürich, 東京 und 😀 heute';
    behaviour.reply = () => reply;
    const pieces: string[] = [];
    const { data, error } = await client.ai.streamText({ prompt: 'greet' }, (piece) =>
      pieces.push(piece),
    );
    expect(error).toBeNull();
    expect(data).toBe(reply);
    expect(pieces.join('')).toBe(reply);
  });

  it('generates an object valid against the schema, and streams its JSON', async () => {
    behaviour.reply = () => JSON.stringify({ skills: ['Robotics', 'C++'] });
    const schema = {
      type: 'object',
      properties: { skills: { type: 'array', items: { type: 'string' } } },
      required: ['skills'],
    };
    const object = await client.ai.generateObject<{ skills: string[] }>({ prompt: 'x', schema });
    expect(object).toEqual({ data: { object: { skills: ['Robotics', 'C++'] } }, error: null });
    const pieces: string[] = [];
    const streamed = await client.ai.streamObject({ prompt: 'x', schema }, (piece) =>
      pieces.push(piece),
    );
    expect(JSON.parse(streamed.data!)).toEqual({ skills: ['Robotics', 'C++'] });
    expect(pieces.join('')).toBe(streamed.data);
  });

  it('fails a stream the provider cuts off, without handing back the partial text', async () => {
    behaviour.reply = () => 'one two three four five six';
    behaviour.breakStreamAfter = 3;
    // Spaced out, so the first words leave the server before the provider dies.
    behaviour.chunkDelayMs = 20;
    const pieces: string[] = [];
    const result = await client.ai.streamText({ prompt: 'x' }, (piece) => pieces.push(piece));
    // What arrived before the cut is handed on, and only that.
    expect(pieces.join('')).not.toBe('');
    expect('one two three '.startsWith(pieces.join(''))).toBe(true);
    expect(result.data).toBeNull();
    expect(result.error).toMatchObject({ kind: 'AI_ERROR', message: 'Streaming request failed' });
  });

  it('cancels a stream: an ABORTED failure, and the provider sees the answer abandoned', async () => {
    behaviour.reply = () => Array.from({ length: 40 }, (_, index) => `word${index} `).join('');
    behaviour.chunkDelayMs = 50;
    const before = provider.abortedStreams();
    const controller = new AbortController();
    const pieces: string[] = [];
    const result = await client.ai.streamText(
      { prompt: 'x' },
      (piece) => {
        pieces.push(piece);
        controller.abort();
      },
      { signal: controller.signal },
    );
    expect(result.error).toMatchObject({ kind: 'AI_ERROR', status: 0, code: 'ABORTED' });
    expect(pieces.join('')).not.toContain('word39');
    await expect.poll(() => provider.abortedStreams()).toBe(before + 1);
  });

  it('speaks text as audio, and transcribes that audio sent back as a file', async () => {
    const speech = await client.ai.generateSpeech({ text: 'Hello' });
    expect(speech.error).toBeNull();
    expect(speech.data?.type).toMatch(/^audio\//);
    const audio = new File([speech.data!], 'talk.mp3', { type: speech.data!.type });
    const { data, error } = await client.ai.transcribe(audio, { language: 'en' });
    expect(error).toBeNull();
    expect(data?.text).toBe(`Transcribed ${audio.size} bytes of audio/mpeg`);
    expect(provider.requests.at(-1)!.body).toMatchObject({
      file: { type: 'audio/mpeg', size: audio.size },
      language: 'en',
    });
  });

  it("passes the server's refusal of a bad body on as VALIDATION_ERROR", async () => {
    const result = await client.ai.generateText({});
    expect(result.error).toMatchObject({ kind: 'VALIDATION_ERROR', status: 400 });
  });
});

describe('the AI client against a server without AI', () => {
  let app: TestApp;
  let client: CampusClient;
  beforeAll(async () => {
    app = await startTestApp('sqlite');
    client = await signedInClient(app.baseUrl, 'bob@ox.ac.uk');
  });
  afterAll(async () => {
    client?.close();
    await app?.close();
  });

  it('reports AI as off, and every call as 503 AI_NOT_CONFIGURED', async () => {
    expect(await client.ai.status()).toEqual({
      data: { configured: false, models: null },
      error: null,
    });
    const text = await client.ai.generateText({ prompt: 'hi' });
    const streamed = await client.ai.streamText({ prompt: 'hi' }, () => {});
    for (const result of [text, streamed]) {
      expect(result.error).toMatchObject({
        kind: 'AI_ERROR',
        status: 503,
        code: 'AI_NOT_CONFIGURED',
      });
    }
  });
});
