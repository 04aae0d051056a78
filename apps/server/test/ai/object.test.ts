import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chunkReader, startAiApp, type AiApp } from './ai-app';

const personSchema = {
  type: 'object',
  properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0 } },
  required: ['name', 'age'],
  additionalProperties: false,
};

/**
 * POST /api/ai/{project}/object: JSON valid against the student's schema, retried once.
 * SQLite only: the database plays no part here beyond signing in.
 */
describe('AI objects', () => {
  let ai: AiApp;
  beforeAll(async () => {
    ai = await startAiApp('sqlite');
  });
  afterAll(async () => ai.close());
  beforeEach(() => {
    for (const key of Object.keys(ai.behaviour))
      delete ai.behaviour[key as keyof typeof ai.behaviour];
  });

  it('answers {object} and asks the provider for JSON by response_format and system message', async () => {
    ai.behaviour.reply = () => '{"name":"Ada","age":36}';
    const response = await ai.post('object', { prompt: 'a person', schema: personSchema });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ object: { name: 'Ada', age: 36 } });
    const sent = ai.provider.requests.at(-1)!.body;
    expect(sent.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'answer', schema: personSchema, strict: false },
    });
    expect(sent.messages[0].role).toBe('system');
    expect(sent.messages[0].content).toContain(JSON.stringify(personSchema));
  });

  it('reads JSON a model wrapped in a code fence', async () => {
    ai.behaviour.reply = () => '```json\n{"name":"Bo","age":3}\n```';
    const response = await ai.post('object', { prompt: 'a person', schema: personSchema });
    expect(await response.json()).toEqual({ object: { name: 'Bo', age: 3 } });
  });

  it('asks once more, saying what was wrong, and answers the second attempt', async () => {
    const before = ai.provider.requests.length;
    ai.behaviour.reply = (body) =>
      body.messages.length > 2 ? '{"name":"Ada","age":36}' : '{"name":"Ada","age":-1}';
    const response = await ai.post('object', { prompt: 'a person', schema: personSchema });
    expect(await response.json()).toEqual({ object: { name: 'Ada', age: 36 } });
    const sent = ai.provider.requests.slice(before);
    expect(sent).toHaveLength(2);
    const retry = sent[1]!.body.messages;
    expect(retry.at(-2)).toEqual({ role: 'assistant', content: '{"name":"Ada","age":-1}' });
    expect(retry.at(-1).content).toContain('/age must be >= 0');
  });

  it('gives up after one retry with 502 AI_INVALID_OBJECT', async () => {
    const before = ai.provider.requests.length;
    ai.behaviour.reply = () => 'Sure! Here is a person: Ada, 36.';
    const response = await ai.post('object', { prompt: 'a person', schema: personSchema });
    expect(response.status).toBe(502);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe('AI_INVALID_OBJECT');
    expect(body.message).toContain('not valid JSON');
    expect(ai.provider.requests.length - before).toBe(2);
  });

  it('refuses a schema ajv cannot compile with 400 INVALID_SCHEMA, without calling the provider', async () => {
    const before = ai.provider.requests.length;
    const cases: [object, string][] = [
      [{ type: 'no-such-type' }, 'must be equal to one of the allowed values'],
      [{ $ref: 'https://example.com/schema.json' }, "can't resolve reference"],
      [{ type: 'string', pattern: '^(a+)\\1$' }, 'cannot be checked in linear time'],
    ];
    for (const [schema, reason] of cases) {
      const response = await ai.post('object', { prompt: 'x', schema });
      expect(response.status).toBe(400);
      const body = (await response.json()) as { code: string; message: string };
      expect(body.code).toBe('INVALID_SCHEMA');
      expect(body.message).toContain(reason);
    }
    expect(ai.provider.requests.length).toBe(before);
  });

  it('checks patterns in linear time, so a catastrophic pattern cannot stall the server', async () => {
    ai.behaviour.reply = () => JSON.stringify({ name: `${'a'.repeat(5000)}!`, age: 1 });
    const schema = {
      ...personSchema,
      properties: { ...personSchema.properties, name: { type: 'string', pattern: '^(a+)+$' } },
    };
    const response = await ai.post('object', { prompt: 'x', schema });
    expect(response.status).toBe(502);
    expect(((await response.json()) as { message: string }).message).toContain(
      'must match pattern',
    );
  });

  it('refuses a schema that is not an object, too large or too deep with 400', async () => {
    const huge = { type: 'object', description: 'x'.repeat(40 * 1024) };
    let deep: object = { type: 'string' };
    for (let level = 0; level < 100; level += 1) deep = { type: 'array', items: deep };
    for (const [schema, message] of [
      [[personSchema], 'schema: must be a JSON Schema object'],
      [huge, 'schema is larger than 32 KB'],
      [deep, 'schema: JSON must not nest deeper than 64 levels'],
    ] as const) {
      const response = await ai.post('object', { prompt: 'x', schema });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
  });

  it('streams a valid object’s JSON text as it is written', async () => {
    ai.behaviour.reply = () => '{"name": "Ada", "age": 36}';
    ai.behaviour.chunkDelayMs = 30;
    const response = await ai.post('object', { prompt: 'x', schema: personSchema, stream: true });
    expect(response.status).toBe(200);
    const chunks = await chunkReader(response).rest();
    expect(chunks.length).toBeGreaterThan(1);
    expect(JSON.parse(chunks.join(''))).toEqual({ name: 'Ada', age: 36 });
  });

  it('ends a streamed object abruptly when the finished text is not valid', async () => {
    const invalid = '{"name": "Ada", "age": "old"}';
    ai.behaviour.reply = () => invalid;
    ai.behaviour.chunkDelayMs = 10;
    const response = await ai.post('object', { prompt: 'x', schema: personSchema, stream: true });
    expect(response.status).toBe(200);
    const reader = chunkReader(response);
    // A busy machine may deliver several chunks in one read; the text is sent as it comes.
    const first = await reader.next();
    expect(first && invalid.startsWith(first)).toBeTruthy();
    await expect(reader.rest()).rejects.toThrow();
  });
});
