import { SdkErrorKind } from '../errors/sdk-error';
import type { ApiClient } from '../http/api-client';
import type { AuthorizedFetch } from '../http/authorized-fetch';
import { fail, type Result } from '../http/result';
import { checkImageUrls } from './image-urls';
import { requestStream, type StreamOptions } from './stream-request';

/** A chat turn for text and object generation. */
export interface AiMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** `prompt` or `messages`; `system` sets the instructions either way. */
export interface GenerateTextInput {
  prompt?: string;
  messages?: AiMessage[];
  system?: string;
  maxTokens?: number;
  temperature?: number;
}

export interface GenerateObjectInput extends GenerateTextInput {
  /** JSON Schema of the object to produce. */
  schema: Record<string, unknown>;
}

export interface GenerateImageInput {
  prompt: string;
  /** Images to edit: 1 to 16 https URLs of jpg, jpeg, png, gif or webp (docs/product.md §9). */
  images?: string[];
  size?: string;
  n?: number;
}

export interface GenerateSpeechInput {
  text: string;
  voice?: string;
}

/** The audio itself (sent as multipart `file`), or an https address the server fetches. */
export type TranscribeInput = Blob | { url: string; language?: string };

export interface TranscribeOptions {
  /** The spoken language as an ISO-639-1 code ("en"), when known. */
  language?: string;
}

/** Cancels a call: it then fails with code ABORTED (`isAbortError`). */
export interface CallOptions {
  signal?: AbortSignal;
}

/** The models the server uses for each capability, or null when AI is off. */
export interface AiModels {
  text: string;
  image: string;
  speech: string;
  transcribe: string;
}

export interface AiStatus {
  configured: boolean;
  models: AiModels | null;
}

/**
 * AI endpoints of docs/product.md §7.9
 * (`/api/ai/{project}/status|text|object|image|speech|transcribe`) as thin typed calls. Without
 * AI configured on the server every call but `status` fails with 503 AI_NOT_CONFIGURED; a spent
 * budget is 429 AI_BUDGET_EXCEEDED.
 */
export function createAiClient(deps: {
  api: ApiClient;
  authorizedFetch: AuthorizedFetch;
  projectId: string;
}) {
  const path = (name: string) => `/api/ai/${encodeURIComponent(deps.projectId)}/${name}`;
  const post = <T>(name: string, body: unknown, signal?: AbortSignal) =>
    deps.api.request<T>({
      method: 'POST',
      path: path(name),
      body,
      auth: 'required',
      kind: SdkErrorKind.ai,
      ...(signal ? { signal } : {}),
    });
  const stream = (
    name: string,
    input: object,
    onChunk: (text: string) => void,
    options?: StreamOptions,
  ) => requestStream(deps.authorizedFetch, deps.api.urlFor(path(name)), input, onChunk, options);

  return {
    /** Whether the server has AI configured, and its models; never a 503. */
    status: (): Promise<Result<AiStatus>> =>
      deps.api.request<AiStatus>({
        method: 'GET',
        path: path('status'),
        auth: 'required',
        kind: SdkErrorKind.ai,
      }),

    /** Generates text. */
    generateText: (input: GenerateTextInput, options?: CallOptions) =>
      post<{ text: string }>('text', input, options?.signal),

    /**
     * Streams generated text to `onChunk` as it arrives; resolves with the whole text. Cancel
     * with `options.signal`: the result is then an ABORTED failure (`isAbortError`).
     */
    streamText: (
      input: GenerateTextInput,
      onChunk: (text: string) => void,
      options?: StreamOptions,
    ): Promise<Result<string>> => stream('text', input, onChunk, options),

    /** Generates a JSON object matching `schema`. */
    generateObject: <T = unknown>(input: GenerateObjectInput, options?: CallOptions) =>
      post<{ object: T }>('object', input, options?.signal),

    /** Streams a generated object's JSON text to `onChunk`; resolves with the whole text. */
    streamObject: (
      input: GenerateObjectInput,
      onChunk: (text: string) => void,
      options?: StreamOptions,
    ): Promise<Result<string>> => stream('object', input, onChunk, options),

    /**
     * Generates an image, or edits `images`, whose URLs are checked first (VALIDATION_ERROR
     * 'Image URLs must use HTTPS protocol', 'Invalid URL format', 'Maximum 16 images allowed').
     */
    async generateImage(input: GenerateImageInput): Promise<Result<{ data: { url: string }[] }>> {
      if (input.images !== undefined) {
        const invalid = checkImageUrls(input.images);
        if (invalid) return fail(invalid);
      }
      return post('image', input);
    },

    /** Speaks `text`; resolves with the audio. */
    generateSpeech: (input: GenerateSpeechInput): Promise<Result<Blob>> =>
      deps.api.request<Blob>({
        method: 'POST',
        path: path('speech'),
        body: input,
        auth: 'required',
        kind: SdkErrorKind.ai,
        responseType: 'blob',
      }),

    /** Transcribes audio (a Blob or File, sent as multipart `file`, or `{url}`) to text. */
    transcribe(
      input: TranscribeInput,
      options: TranscribeOptions = {},
    ): Promise<Result<{ text: string }>> {
      if (!(input instanceof Blob)) {
        const language = input.language ?? options.language;
        return post('transcribe', { url: input.url, ...(language ? { language } : {}) });
      }
      const form = new FormData();
      form.append('file', input, input instanceof File && input.name ? input.name : 'audio');
      if (options.language) form.append('language', options.language);
      return post('transcribe', form);
    },
  };
}

export type AiClient = ReturnType<typeof createAiClient>;
