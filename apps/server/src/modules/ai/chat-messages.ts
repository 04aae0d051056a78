import type { ChatMessage } from './provider';

/** The conversation a text or object body describes: its system text first, then its turns. */
export function chatMessages(body: {
  prompt?: string;
  messages?: ChatMessage[];
  system?: string;
}): ChatMessage[] {
  const turns = body.messages ?? [{ role: 'user' as const, content: body.prompt ?? '' }];
  return body.system ? [{ role: 'system', content: body.system }, ...turns] : turns;
}

/** Tells providers that ignore `response_format` what shape to answer in. */
export function schemaInstruction(schema: Record<string, unknown>): ChatMessage {
  return {
    role: 'system',
    content:
      'Answer with one JSON value that matches the following JSON Schema, and nothing else ' +
      `(no prose, no code fences):\n${JSON.stringify(schema)}`,
  };
}

/** The second attempt's prompt: the first answer, and what was wrong with it. */
export function correction(answer: string, problem: string): ChatMessage[] {
  return [
    { role: 'assistant', content: answer },
    {
      role: 'user',
      content:
        `That answer was not valid: ${problem}. Reply again with only the JSON value, ` +
        'matching the schema exactly.',
    },
  ];
}

export const textOf = (messages: ChatMessage[]) => messages.map((message) => message.content);
