import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AiProvider } from './provider';
import type { AiBudget, Reservation } from './usage';

/** What every AI handler needs, built once by routes.ts. */
export interface AiContext {
  provider: AiProvider;
  budget: AiBudget;
  models: { text: string; image: string; speech: string; transcribe: string };
}

/** One student's call to the provider: its abort signal, its budget reservation and its log line. */
export interface AiCall {
  signal: AbortSignal;
  /** Adds the call's tokens to the student's day and logs it (never the prompt); safe to call twice. */
  finish(tokens: number, outcome?: string): Promise<void>;
}

/**
 * Counts the request against the student's budget (429 when spent) and ties the provider call
 * to the client: a client that goes away before its answer is complete aborts the call, so no
 * tokens are spent on an answer nobody reads.
 */
export async function startAiCall(
  context: AiContext,
  request: FastifyRequest,
  reply: FastifyReply,
  details: { userId: string; endpoint: string; model: string },
): Promise<AiCall> {
  const reservation: Reservation = await context.budget.reserve(details.userId);
  const controller = new AbortController();
  const onClose = () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('The client went away'));
  };
  reply.raw.on('close', onClose);
  const started = performance.now();
  let finished = false;
  return {
    signal: controller.signal,
    async finish(tokens, outcome = 'ok') {
      if (finished) return;
      finished = true;
      reply.raw.off('close', onClose);
      const durationMs = Math.round(performance.now() - started);
      request.log.info(
        {
          ai: {
            ...details,
            tokens,
            durationMs,
            outcome: controller.signal.aborted ? 'aborted' : outcome,
          },
        },
        'ai call',
      );
      try {
        await context.budget.record(reservation, tokens);
      } catch (error) {
        request.log.error({ err: error }, 'could not record AI usage');
      }
    },
  };
}

/**
 * Runs a call's work and then finishes it (ok or failed) with the tokens the work counted,
 * however the work ended.
 */
export async function settleCall<T>(
  call: AiCall,
  work: (count: (tokens: number) => void) => Promise<T>,
): Promise<T> {
  let tokens = 0;
  let outcome = 'failed';
  try {
    const result = await work((more) => (tokens += more));
    outcome = 'ok';
    return result;
  } finally {
    await call.finish(tokens, outcome);
  }
}
