import type { Kysely } from 'kysely';
import { HttpError } from '../../lib/http-error';
import type { Database } from '../../db/schema';

export const AI_BUDGET_EXCEEDED = 'AI_BUDGET_EXCEEDED';

export interface AiBudgetLimits {
  requestsPerDay: number;
  tokensPerDay: number;
}

/** A request counted against a student's day, to which its tokens are added when it is done. */
export interface Reservation {
  userId: string;
  day: string;
}

const utcDay = (now: Date) => now.toISOString().slice(0, 10);

function budgetExceeded(allowance: string): HttpError {
  return new HttpError(
    429,
    AI_BUDGET_EXCEEDED,
    `You have used today's AI allowance (${allowance}). It resets at midnight UTC.`,
  );
}

/** Characters per token, roughly, for text whose tokens the provider did not count. */
const CHARACTERS_PER_TOKEN = 4;

export function estimateTokens(...texts: string[]): number {
  const characters = texts.reduce((sum, text) => sum + text.length, 0);
  return Math.ceil(characters / CHARACTERS_PER_TOKEN);
}

/**
 * Each student's daily AI budgets (AI_DAILY_REQUESTS, AI_DAILY_TOKENS), kept in `ai_usage`
 * so they hold across restarts and across servers sharing a PostgreSQL database.
 */
export class AiBudget {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly limits: AiBudgetLimits,
  ) {}

  /**
   * Counts one request, or throws a 429 naming the budget that is spent. The count and the
   * check are one statement: a row that is at its limit is left as it is and returns nothing, so
   * concurrent calls cannot all pass a check made before any of them counted. Tokens are known
   * only afterwards, so the last call of a day may take the total past the token budget; the
   * next one is refused.
   */
  async reserve(userId: string, now = new Date()): Promise<Reservation> {
    const day = utcDay(now);
    const { requestsPerDay, tokensPerDay } = this.limits;
    const counted = await this.db
      .insertInto('ai_usage')
      .values({ user_id: userId, day, requests: 1, tokens: 0 })
      .onConflict((conflict) =>
        conflict
          .columns(['user_id', 'day'])
          .doUpdateSet((eb) => ({ requests: eb('ai_usage.requests', '+', 1) }))
          .where('ai_usage.requests', '<', requestsPerDay)
          .where('ai_usage.tokens', '<', tokensPerDay),
      )
      .returning('requests')
      .executeTakeFirst();
    if (counted) return { userId, day };
    const row = await this.db
      .selectFrom('ai_usage')
      .select(['requests', 'tokens'])
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .executeTakeFirst();
    if (row && row.requests >= requestsPerDay) throw budgetExceeded(`${requestsPerDay} requests`);
    throw budgetExceeded(`${tokensPerDay} tokens`);
  }

  /** Adds a finished call's tokens to the day its request was counted on. */
  async record(reservation: Reservation, tokens: number): Promise<void> {
    if (tokens <= 0) return;
    await this.db
      .updateTable('ai_usage')
      .set((eb) => ({ tokens: eb('tokens', '+', Math.ceil(tokens)) }))
      .where('user_id', '=', reservation.userId)
      .where('day', '=', reservation.day)
      .execute();
  }
}
