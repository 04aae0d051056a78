import { z } from 'zod';
import {
  AI_IMAGE_SIZES,
  AI_IMAGES_PER_REQUEST_MAX,
  AI_MAX_TOKENS_MAX,
  AI_MESSAGES_MAX,
  AI_PROMPT_MAX_CHARS,
  AI_SCHEMA_MAX_BYTES,
  AI_SPEECH_TEXT_MAX,
  imageUrlProblem,
} from '@campuscollab/shared';
import { describeUnsafeJson } from '../../lib/json-limits';

/** Without a limit from the student, an answer stops here (docs/product.md §7.8). */
export const DEFAULT_MAX_TOKENS = 1024;

const promptTooLong = `Prompt is too long: at most ${AI_PROMPT_MAX_CHARS.toLocaleString('en-US')} characters in all`;

const message = z.object({
  role: z.enum(['system', 'user', 'assistant'], {
    error: 'messages: role must be system, user or assistant',
  }),
  content: z
    .string({ error: 'messages: content must be a string' })
    .max(AI_PROMPT_MAX_CHARS, promptTooLong),
});

const textFields = {
  prompt: z
    .string()
    .min(1, 'prompt must not be empty')
    .max(AI_PROMPT_MAX_CHARS, promptTooLong)
    .optional(),
  messages: z
    .array(message)
    .min(1, 'messages must not be empty')
    .max(AI_MESSAGES_MAX, `At most ${AI_MESSAGES_MAX} messages`)
    .optional(),
  system: z.string().max(AI_PROMPT_MAX_CHARS, promptTooLong).optional(),
  maxTokens: z
    .number()
    .int('maxTokens must be an integer')
    .min(1, `maxTokens must be from 1 to ${AI_MAX_TOKENS_MAX}`)
    .max(AI_MAX_TOKENS_MAX, `maxTokens must be from 1 to ${AI_MAX_TOKENS_MAX}`)
    .default(DEFAULT_MAX_TOKENS),
  temperature: z
    .number()
    .min(0, 'temperature must be from 0 to 2')
    .max(2, 'temperature must be from 0 to 2')
    .optional(),
  stream: z.boolean().default(false),
};

interface PromptShape {
  prompt?: string;
  messages?: { content: string }[];
  system?: string;
}

/** Exactly one of prompt and messages, and not more text in all than the limit. */
function checkPrompt(body: PromptShape, context: z.RefinementCtx) {
  if ((body.prompt === undefined) === (body.messages === undefined)) {
    context.addIssue({ code: 'custom', message: 'Give either prompt or messages (exactly one)' });
    return;
  }
  const texts = [
    body.prompt ?? '',
    body.system ?? '',
    ...(body.messages ?? []).map((m) => m.content),
  ];
  const total = texts.reduce((sum, text) => sum + text.length, 0);
  if (total > AI_PROMPT_MAX_CHARS) context.addIssue({ code: 'custom', message: promptTooLong });
}

/** POST /api/ai/{project}/text */
export const textBody = z.object(textFields).superRefine(checkPrompt);
export type TextBody = z.infer<typeof textBody>;

const jsonSchema = z
  .record(z.string(), z.unknown(), {
    // Left to zod when missing, which the error handler turns into "schema is required".
    error: (issue) => (issue.input === undefined ? undefined : 'must be a JSON Schema object'),
  })
  .superRefine((schema, context) => {
    const unsafe = describeUnsafeJson(schema);
    if (unsafe) context.addIssue({ code: 'custom', message: `schema: ${unsafe}` });
    else if (Buffer.byteLength(JSON.stringify(schema)) > AI_SCHEMA_MAX_BYTES) {
      context.addIssue({ code: 'custom', message: 'schema is larger than 32 KB' });
    }
  });

/** POST /api/ai/{project}/object */
export const objectBody = z.object({ ...textFields, schema: jsonSchema }).superRefine(checkPrompt);
export type ObjectBody = z.infer<typeof objectBody>;

/** POST /api/ai/{project}/image: generates, or edits `images` (docs/product.md §9's URL rules). */
export const imageBody = z.object({
  prompt: z.string().min(1, 'prompt must not be empty').max(AI_PROMPT_MAX_CHARS, promptTooLong),
  images: z
    .array(z.string().max(2048, 'Invalid URL format'))
    .superRefine((urls, context) => {
      const problem = imageUrlProblem(urls);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  size: z
    .enum(AI_IMAGE_SIZES, { error: `size must be one of ${AI_IMAGE_SIZES.join(', ')}` })
    .optional(),
  n: z
    .number()
    .int(`n must be from 1 to ${AI_IMAGES_PER_REQUEST_MAX}`)
    .min(1, `n must be from 1 to ${AI_IMAGES_PER_REQUEST_MAX}`)
    .max(AI_IMAGES_PER_REQUEST_MAX, `n must be from 1 to ${AI_IMAGES_PER_REQUEST_MAX}`)
    .default(1),
});
export type ImageBody = z.infer<typeof imageBody>;

/** POST /api/ai/{project}/speech */
export const speechBody = z.object({
  text: z
    .string()
    .min(1, 'text must not be empty')
    .max(AI_SPEECH_TEXT_MAX, `text must be at most ${AI_SPEECH_TEXT_MAX} characters`),
  // Providers name their voices differently; any short name goes to the provider as it is.
  voice: z
    .string()
    .regex(/^[\w-]{1,40}$/, 'voice must be a voice name (letters, digits, - and _)')
    .default('alloy'),
});

const language = z
  .string()
  .regex(/^[a-z]{2,3}$/, 'language must be an ISO-639-1 code such as "en"')
  .optional();

/** POST /api/ai/{project}/transcribe as JSON: audio at an https URL. */
export const transcribeUrlBody = z.object({
  url: z
    .string({ error: 'url is required (or send the audio as a multipart file)' })
    .max(2048, 'url is too long')
    .refine(
      (value) => URL.parse(value)?.protocol === 'https:',
      'Audio URLs must use HTTPS protocol',
    ),
  language,
});

export const transcribeLanguage = language;
