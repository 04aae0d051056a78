import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { DIALECTS } from '../helpers/test-database';
import { chunkReader, startAiApp, type AiApp } from './ai-app';

const REQUESTS_PER_DAY = 5;
const TOKENS_PER_DAY = 100;

/**
 * Daily AI budgets per student, kept in ai_usage, on both databases: the request count is
 * reserved in one statement, so a burst cannot overrun it, and tokens are added after each call.
 */
describe.each(DIALECTS)('AI budgets on %s', (kind) => {
  describe('requests per day', () => {
    let ai: AiApp;
    beforeAll(async () => {
      ai = await startAiApp(kind, {}, { AI_DAILY_REQUESTS: String(REQUESTS_PER_DAY) });
    });
    afterAll(async () => ai.close());

    it('lets exactly the budget through when more arrive at once, and refuses the rest with 429', async () => {
      const responses = await Promise.all(
        Array.from({ length: REQUESTS_PER_DAY + 3 }, () => ai.post('text', { prompt: 'hi' })),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(REQUESTS_PER_DAY);
      expect(statuses.filter((status) => status === 429)).toHaveLength(3);
      const refused = responses.find((response) => response.status === 429)!;
      expect(await refused.json()).toEqual({
        code: 'AI_BUDGET_EXCEEDED',
        message: `You have used today's AI allowance (${REQUESTS_PER_DAY} requests). It resets at midnight UTC.`,
      });
      expect(ai.provider.requests).toHaveLength(REQUESTS_PER_DAY);
      // Every endpoint draws on the same budget.
      expect((await ai.post('speech', { text: 'hi' })).status).toBe(429);
    });

    it('leaves another student’s budget alone', async () => {
      const bob = await createVerifiedAccount(ai.server.baseUrl, 'bob@mit.edu');
      const response = await ai.post('text', { prompt: 'hi' }, bob.access_token);
      expect(response.status).toBe(200);
    });

    it('deletes a student’s usage with their account', async () => {
      const usage = () =>
        ai.server.database.db.selectFrom('ai_usage').select(['user_id', 'requests']).execute();
      const rows = await usage();
      expect(rows.map((row) => row.requests).sort()).toEqual([1, REQUESTS_PER_DAY]);
      const deleted = await fetch(`${ai.server.baseUrl}/api/auth/me`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${ai.token}` },
      });
      expect(deleted.status).toBe(204);
      expect((await usage()).map((row) => row.requests)).toEqual([1]);
    });
  });

  describe('tokens per day', () => {
    let ai: AiApp;
    beforeAll(async () => {
      // Each answer is 60 tokens as the fake provider counts them (a quarter of its characters).
      ai = await startAiApp(
        kind,
        { reply: () => 'x'.repeat(240) },
        { AI_DAILY_TOKENS: String(TOKENS_PER_DAY) },
      );
    });
    afterAll(async () => ai.close());

    it('counts the tokens a stream reports and refuses once the day’s tokens are spent', async () => {
      const first = await ai.post('text', { prompt: 'hi' });
      expect(first.status).toBe(200);
      const streamed = await ai.post('text', { prompt: 'hi', stream: true });
      expect(streamed.status).toBe(200);
      expect((await chunkReader(streamed).rest()).join('')).toHaveLength(240);
      const refused = await ai.post('text', { prompt: 'hi' });
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({
        code: 'AI_BUDGET_EXCEEDED',
        message: `You have used today's AI allowance (${TOKENS_PER_DAY} tokens). It resets at midnight UTC.`,
      });
      expect(ai.provider.requests).toHaveLength(2);
    });

    it('leaves another student’s tokens alone', async () => {
      const bob = await createVerifiedAccount(ai.server.baseUrl, 'bob@mit.edu');
      expect((await ai.post('text', { prompt: 'hi' }, bob.access_token)).status).toBe(200);
    });
  });
});
