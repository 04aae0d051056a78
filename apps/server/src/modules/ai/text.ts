import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error';
import type { AiCall, AiContext } from './ai-call';
import { settleCall, startAiCall } from './ai-call';
import type { ObjectBody, TextBody } from './bodies';
import { chatMessages, correction, schemaInstruction, textOf } from './chat-messages';
import { checkAnswer } from './json-answer';
import { validatorFor } from './object-schema';
import type { TextAnswer, TextRequest, TextStream } from './provider';
import { sendTextStream } from './text-stream';
import { estimateTokens } from './usage';

export const AI_INVALID_OBJECT = 'AI_INVALID_OBJECT';

const invalidObject = (problem: string) =>
  new HttpError(
    502,
    AI_INVALID_OBJECT,
    `The model did not produce a valid object (${problem}), even when asked again`,
  );

const tokensOf = (prompt: TextRequest, answer: TextAnswer) =>
  answer.usage?.tokens ?? estimateTokens(...textOf(prompt.messages), answer.text);

/** Streams `prompt`'s answer; `check` may refuse the whole text at the end (see text-stream.ts). */
async function streamAnswer(
  context: AiContext,
  call: AiCall,
  reply: FastifyReply,
  prompt: TextRequest,
  check?: (text: string) => void,
) {
  let stream: TextStream;
  try {
    stream = await context.provider.streamText(prompt, call.signal);
  } catch (error) {
    await call.finish(0, 'failed');
    throw error;
  }
  return sendTextStream(reply, stream, {
    check,
    settle: (text, completed) =>
      call.finish(
        stream.usage()?.tokens ?? estimateTokens(...textOf(prompt.messages), text),
        completed ? 'ok' : 'failed',
      ),
  });
}

/** POST /api/ai/{project}/text: `{text}`, or the text itself as it is written when streamed. */
export async function generateText(
  context: AiContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  body: TextBody,
) {
  const call = await startAiCall(context, request, reply, {
    userId,
    endpoint: 'text',
    model: context.models.text,
  });
  const prompt: TextRequest = {
    messages: chatMessages(body),
    maxTokens: body.maxTokens,
    temperature: body.temperature,
  };
  if (body.stream) return streamAnswer(context, call, reply, prompt);
  return settleCall(call, async (count) => {
    const answer = await context.provider.text(prompt, call.signal);
    count(tokensOf(prompt, answer));
    return { text: answer.text };
  });
}

/**
 * POST /api/ai/{project}/object: `{object}` valid against the student's schema. An invalid
 * answer is sent back to the model once with what was wrong; a second one is a 502. Streamed,
 * the first attempt's text is the answer, since its bytes are already out.
 */
export async function generateObject(
  context: AiContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  body: ObjectBody,
) {
  // Compiled before the budget is touched: an invalid schema costs the student nothing.
  const validate = await validatorFor(body.schema);
  const call = await startAiCall(context, request, reply, {
    userId,
    endpoint: 'object',
    model: context.models.text,
  });
  const prompt: TextRequest = {
    messages: [schemaInstruction(body.schema), ...chatMessages(body)],
    maxTokens: body.maxTokens,
    temperature: body.temperature,
    jsonSchema: body.schema,
  };
  if (body.stream) {
    return streamAnswer(context, call, reply, prompt, (text) => {
      const checked = checkAnswer(text, validate);
      if (!checked.ok) throw invalidObject(checked.problem);
    });
  }
  return settleCall(call, async (count) => {
    let attempt = prompt;
    for (let tries = 1; ; tries += 1) {
      const answer = await context.provider.text(attempt, call.signal);
      count(tokensOf(attempt, answer));
      const checked = checkAnswer(answer.text, validate);
      if (checked.ok) return { object: checked.value };
      if (tries === 2) throw invalidObject(checked.problem);
      attempt = {
        ...prompt,
        messages: [...prompt.messages, ...correction(answer.text, checked.problem)],
      };
    }
  });
}
