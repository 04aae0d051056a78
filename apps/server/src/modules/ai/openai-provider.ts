import type { default as OpenAI, toFile as toFileOf } from 'openai';
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionCreateParamsStreaming,
} from 'openai/resources/chat/completions';
import type { AiConfig } from '../../config';
import type {
  AiProvider,
  GeneratedImage,
  ImageAnswer,
  TextRequest,
  TextStream,
  Usage,
} from './provider';
import { translateProviderError } from './provider-errors';

/** Long enough for an image or a long answer; a provider silent for longer is a 504. */
const PROVIDER_TIMEOUT_MS = 120_000;

function usageOf(reported: { total_tokens?: number } | null | undefined): Usage | undefined {
  const tokens = reported?.total_tokens;
  return typeof tokens === 'number' && Number.isFinite(tokens) && tokens >= 0
    ? { tokens }
    : undefined;
}

function chatParams(request: TextRequest, model: string) {
  return {
    model,
    messages: request.messages,
    max_tokens: request.maxTokens,
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.jsonSchema
      ? {
          response_format: {
            type: 'json_schema' as const,
            json_schema: { name: 'answer', schema: request.jsonSchema, strict: false },
          },
        }
      : {}),
  };
}

async function withTranslatedErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw await translateProviderError(error);
  }
}

/** An OpenAI-compatible API (docs/architecture.md §2.1: AI_BASE_URL, AI_API_KEY, AI_*MODEL). */
export function createOpenAiProvider(config: AiConfig): AiProvider {
  // The SDK is loaded with the first call, not at start-up (docs/architecture.md §2.1).
  let connecting: Promise<{ client: OpenAI; toFile: typeof toFileOf }> | undefined;
  const connect = () =>
    (connecting ??= import('openai').then((sdk) => ({
      // Retries are ours to decide (each one costs the student's budget): the client makes none.
      client: new sdk.default({
        baseURL: config.baseUrl,
        apiKey: config.apiKey ?? 'none',
        maxRetries: 0,
        timeout: PROVIDER_TIMEOUT_MS,
      }),
      toFile: sdk.toFile,
    })));
  const { models } = config;

  return {
    text: (request, signal) =>
      withTranslatedErrors(async () => {
        const { client } = await connect();
        const params: ChatCompletionCreateParamsNonStreaming = chatParams(request, models.text);
        const completion = await client.chat.completions.create(params, { signal });
        const text = completion.choices[0]?.message?.content ?? '';
        return { text, usage: usageOf(completion.usage) };
      }),

    streamText: (request, signal) =>
      withTranslatedErrors(async () => {
        const { client } = await connect();
        const params: ChatCompletionCreateParamsStreaming = {
          ...chatParams(request, models.text),
          stream: true,
          stream_options: { include_usage: true },
        };
        const stream = await client.chat.completions.create(params, { signal });
        let usage: Usage | undefined;
        async function* chunks() {
          try {
            for await (const chunk of stream) {
              usage = usageOf(chunk.usage) ?? usage;
              const text = chunk.choices[0]?.delta?.content;
              if (text) yield text;
            }
          } catch (error) {
            throw await translateProviderError(error);
          }
        }
        const answer: TextStream = { [Symbol.asyncIterator]: chunks, usage: () => usage };
        return answer;
      }),

    image: (request, signal) =>
      withTranslatedErrors(async (): Promise<ImageAnswer> => {
        const { client, toFile } = await connect();
        const common = { model: models.image, prompt: request.prompt, n: request.n };
        const size = request.size as OpenAI.ImageGenerateParams['size'];
        const answer =
          request.images.length > 0
            ? await client.images.edit(
                {
                  ...common,
                  ...(size ? { size: size as OpenAI.ImageEditParams['size'] } : {}),
                  image: await Promise.all(
                    request.images.map((image, index) =>
                      toFile(image.body, `image-${index}.${image.extension}`, {
                        type: image.contentType,
                      }),
                    ),
                  ),
                },
                { signal },
              )
            : await client.images.generate({ ...common, ...(size ? { size } : {}) }, { signal });
        const images: GeneratedImage[] = [];
        for (const item of answer.data ?? []) {
          if (item.b64_json) images.push({ base64: item.b64_json });
          else if (item.url) images.push({ url: item.url });
        }
        return { images, usage: usageOf(answer.usage) };
      }),

    speech: (request, signal) =>
      withTranslatedErrors(async () => {
        const { client } = await connect();
        const response = await client.audio.speech.create(
          { model: models.speech, voice: request.voice, input: request.text },
          { signal },
        );
        return {
          body: Buffer.from(await response.arrayBuffer()),
          contentType: response.headers.get('content-type') ?? '',
        };
      }),

    transcribe: (request, signal) =>
      withTranslatedErrors(async () => {
        const { client, toFile } = await connect();
        const file = await toFile(request.body, `audio.${request.extension}`, {
          type: request.contentType,
        });
        const answer = await client.audio.transcriptions.create(
          {
            model: models.transcribe,
            file,
            ...(request.language ? { language: request.language } : {}),
          },
          { signal },
        );
        const usage = answer.usage?.type === 'tokens' ? usageOf(answer.usage) : undefined;
        return { text: answer.text, usage };
      }),
  };
}
