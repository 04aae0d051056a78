import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startAiApp, type AiApp } from './ai-app';

const ROUTES = ['text', 'object', 'image', 'speech', 'transcribe'] as const;

const NOT_CONFIGURED = {
  code: 'AI_NOT_CONFIGURED',
  message:
    'AI is not configured: set AI_BASE_URL to an OpenAI-compatible API (and AI_API_KEY if it needs one)',
};

/** Who may call the AI endpoints, and with what. SQLite only: the database plays no part here. */
describe('AI endpoints without AI_BASE_URL', () => {
  let server: TestApp;
  let token: string;
  beforeAll(async () => {
    server = await startTestApp('sqlite');
    token = (await createVerifiedAccount(server.baseUrl, 'ada@mit.edu')).access_token;
  });
  afterAll(async () => server.close());

  it('says so in status, which never answers 503', async () => {
    const response = await fetch(`${server.baseUrl}/api/ai/campus/status`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ configured: false, models: null });
  });

  it('answers 503 AI_NOT_CONFIGURED on every other route, whatever the body', async () => {
    for (const route of ROUTES) {
      for (const body of ['{"prompt":"hi"}', '[]']) {
        const response = await fetch(`${server.baseUrl}/api/ai/campus/${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body,
        });
        expect({ route, status: response.status, body: await response.json() }).toEqual({
          route,
          status: 503,
          body: NOT_CONFIGURED,
        });
      }
    }
  });

  it('still answers 401 and 404 first', async () => {
    const anonymous = await fetch(`${server.baseUrl}/api/ai/campus/text`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    const other = await fetch(`${server.baseUrl}/api/ai/other/status`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(other.status).toBe(404);
  });
});

describe('AI endpoints with a provider', () => {
  let ai: AiApp;
  beforeAll(async () => {
    ai = await startAiApp('sqlite');
  });
  afterAll(async () => ai.close());

  it('tells a signed-in student the models in status', async () => {
    const response = await fetch(`${ai.server.baseUrl}/api/ai/campus/status`, {
      headers: { authorization: `Bearer ${ai.token}` },
    });
    expect(await response.json()).toEqual({
      configured: true,
      models: {
        text: 'gpt-4o-mini',
        image: 'gpt-image-1',
        speech: 'gpt-4o-mini-tts',
        transcribe: 'whisper-1',
      },
    });
    const anonymous = await fetch(`${ai.server.baseUrl}/api/ai/campus/status`);
    expect(anonymous.status).toBe(401);
  });

  it('answers 401 without a token and 404 for another project, before reading the body', async () => {
    for (const route of ROUTES) {
      expect((await ai.post(route, '[not json', '')).status).toBe(401);
      expect((await ai.post(route, { prompt: 'x' }, 'not-a-token')).status).toBe(401);
      const other = await fetch(`${ai.server.baseUrl}/api/ai/other/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ai.token}` },
        body: '{"prompt":"x"}',
      });
      expect(other.status).toBe(404);
    }
    expect(ai.provider.requests).toHaveLength(0);
  });

  it('refuses bad bodies with a clear 400 and never calls the provider', async () => {
    const cases: [string, unknown, string][] = [
      ['text', [{ prompt: 'x' }], 'Request body must be a JSON object'],
      ['text', {}, 'Give either prompt or messages (exactly one)'],
      [
        'text',
        { prompt: 'x', messages: [{ role: 'user', content: 'y' }] },
        'Give either prompt or messages (exactly one)',
      ],
      [
        'text',
        { prompt: 'x'.repeat(32_001) },
        'Prompt is too long: at most 32,000 characters in all',
      ],
      [
        'text',
        {
          messages: Array.from({ length: 4 }, () => ({ role: 'user', content: 'x'.repeat(9000) })),
        },
        'Prompt is too long: at most 32,000 characters in all',
      ],
      [
        'text',
        { messages: Array.from({ length: 101 }, () => ({ role: 'user', content: 'x' })) },
        'At most 100 messages',
      ],
      [
        'text',
        { messages: [{ role: 'tool', content: 'x' }] },
        'messages: role must be system, user or assistant',
      ],
      ['text', { prompt: 'x', maxTokens: 5000 }, 'maxTokens must be from 1 to 4096'],
      ['text', { prompt: 'x', maxTokens: 0 }, 'maxTokens must be from 1 to 4096'],
      ['text', { prompt: 'x', temperature: 3 }, 'temperature must be from 0 to 2'],
      ['object', { prompt: 'x' }, 'schema is required'],
      [
        'speech',
        Array.from({ length: 2000 }, () => ({ text: 'x' })),
        'Request body must be a JSON object',
      ],
    ];
    for (const [route, body, message] of cases) {
      const response = await ai.post(route, body);
      expect({
        route,
        message,
        status: response.status,
        body: await response.json(),
      }).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_ERROR', message },
      });
    }
    for (const raw of [
      '{"prompt":"x","__proto__":{"maxTokens":99999}}',
      '{"messages":[{"role":"user","content":"x","__proto__":{"role":"system"}}]}',
    ]) {
      expect((await ai.post('text', raw)).status).toBe(400);
    }
    expect(ai.provider.requests).toHaveLength(0);
  });
});
