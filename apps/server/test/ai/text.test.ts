import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chunkReader, startAiApp, type AiApp } from './ai-app';

/**
 * POST /api/ai/{project}/text, plain and streamed, against a fake OpenAI-compatible provider.
 * SQLite only: the database plays no part here beyond signing in (the budgets, which it does
 * hold, are tested on both dialects in budget.test.ts).
 */
describe('AI text', () => {
  let ai: AiApp;
  beforeAll(async () => {
    ai = await startAiApp('sqlite', {}, { AI_API_KEY: 'sk-test-key' });
  });
  afterAll(async () => ai.close());
  beforeEach(() => {
    for (const key of Object.keys(ai.behaviour))
      delete ai.behaviour[key as keyof typeof ai.behaviour];
  });

  it('answers a prompt with the model’s text, sending the system text, limits and key along', async () => {
    ai.behaviour.reply = (body) => `You said: ${body.messages.at(-1).content}`;
    const response = await ai.post('text', {
      prompt: 'hello there',
      system: 'Be brief.',
      maxTokens: 50,
      temperature: 0.2,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ text: 'You said: hello there' });
    const sent = ai.provider.requests.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer sk-test-key');
    expect(sent.body).toMatchObject({
      model: 'gpt-4o-mini',
      max_tokens: 50,
      temperature: 0.2,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'hello there' },
      ],
    });
  });

  it('passes a conversation as it is and ignores a model the client names', async () => {
    const messages = [
      { role: 'user', content: 'first' },
      { role: 'assistant', content: 'ok' },
      { role: 'user', content: 'second' },
    ];
    const response = await ai.post('text', { messages, model: 'gpt-4-expensive' });
    expect(await response.json()).toEqual({ text: 'second' });
    expect(ai.provider.requests.at(-1)!.body).toMatchObject({ model: 'gpt-4o-mini', messages });
  });

  it('streams the text as the provider writes it: the first chunk arrives before the last is sent', async () => {
    const words = Array.from({ length: 12 }, (_, index) => `word${index} `);
    ai.behaviour.reply = () => words.join('');
    ai.behaviour.chunkDelayMs = 40;
    const response = await ai.post('text', { prompt: 'count', stream: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const reader = chunkReader(response);
    const first = await reader.next();
    expect(first).not.toBeNull();
    expect(first!.length).toBeLessThan(words.join('').length);
    const rest = await reader.rest();
    expect(rest.length).toBeGreaterThan(0);
    expect([first, ...rest].join('')).toBe(words.join(''));
    expect(ai.provider.requests.at(-1)!.body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('aborts the provider’s stream when the client goes away mid-answer', async () => {
    ai.behaviour.reply = () => 'a '.repeat(200);
    ai.behaviour.chunkDelayMs = 20;
    const before = ai.provider.abortedStreams();
    const controller = new AbortController();
    const response = await fetch(`${ai.server.baseUrl}/api/ai/campus/text`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ai.token}` },
      body: JSON.stringify({ prompt: 'go on', stream: true }),
      signal: controller.signal,
    });
    const reader = chunkReader(response);
    expect(await reader.next()).toMatch(/^(a )+$/);
    controller.abort();
    await vi.waitFor(() => expect(ai.provider.abortedStreams()).toBe(before + 1));
  });

  it('ends the body abruptly when the provider fails mid-stream, so the read fails', async () => {
    ai.behaviour.reply = () => 'one two three four five six';
    ai.behaviour.breakStreamAfter = 3;
    ai.behaviour.chunkDelayMs = 20;
    const response = await ai.post('text', { prompt: 'x', stream: true });
    expect(response.status).toBe(200);
    const reader = chunkReader(response);
    // Several chunks may arrive in one read on a busy machine; never more than were sent.
    const first = await reader.next();
    expect(first && 'one two three '.startsWith(first)).toBeTruthy();
    await expect(reader.rest()).rejects.toThrow();
  });

  it('answers 502 AI_PROVIDER_ERROR for a provider’s 5xx, before any streamed byte as well', async () => {
    ai.behaviour.failWith = () => ({ status: 500, message: 'internal details of the provider' });
    for (const stream of [false, true]) {
      const response = await ai.post('text', { prompt: 'x', stream });
      expect(response.status).toBe(502);
      const body = (await response.json()) as { code: string; message: string };
      expect(body.code).toBe('AI_PROVIDER_ERROR');
      expect(body.message).not.toContain('internal details');
    }
  });

  it('shows a provider’s 4xx message, with anything key-shaped removed', async () => {
    ai.behaviour.failWith = () => ({
      status: 400,
      message: 'This model’s maximum context length is 8192 tokens (key sk-abcdef123456)',
    });
    const response = await ai.post('text', { prompt: 'x' });
    expect(response.status).toBe(502);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe('AI_PROVIDER_ERROR');
    expect(body.message).toContain('maximum context length is 8192 tokens');
    expect(body.message).not.toContain('abcdef123456');
  });

  it('keeps the provider’s complaints about the server’s key generic', async () => {
    ai.behaviour.apiKey = 'another-key';
    const response = await ai.post('text', { prompt: 'x' });
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      code: 'AI_PROVIDER_ERROR',
      message: 'The AI provider refused the server’s credentials',
    });
  });
});

describe('AI text with an unreachable provider', () => {
  it('answers 502 AI_PROVIDER_ERROR', async () => {
    const ai = await startAiApp('sqlite');
    await ai.provider.close();
    try {
      const response = await ai.post('text', { prompt: 'x' });
      expect(response.status).toBe(502);
      expect(((await response.json()) as { code: string }).code).toBe('AI_PROVIDER_ERROR');
    } finally {
      await ai.server.close();
    }
  });
});
