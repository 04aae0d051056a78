import { SdkErrorKind } from '../errors/sdk-error';
import type { ApiClient } from '../http/api-client';
import type { AuthorizedFetch } from '../http/authorized-fetch';
import { fail, type Result } from '../http/result';
import { checkImageUrls } from './image-urls';
import { requestStream } from './stream-request';

/** A chat turn for text and object generation. */
export interface AiMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface GenerateTextInput {
  prompt?: string;
  messages?: AiMessage[];
  model?: string;
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

export interface TranscribeInput {
  /** An https URL of the audio, or its content as base64. */
  audio: string;
  language?: string;
}

/**
 * AI endpoints of docs/product.md §7.8 (`/api/ai/{project}/text|object|image|speech|transcribe`),
 * as thin typed calls. NOTE: the platform server does not implement them yet, so every call
 * currently resolves to the server's 404 as an AI_ERROR (status 404, code NOT_FOUND).
 */
export function createAiClient(deps: {
  api: ApiClient;
  authorizedFetch: AuthorizedFetch;
  projectId: string;
}) {
  const path = (name: string) => `/api/ai/${encodeURIComponent(deps.projectId)}/${name}`;
  const post = <T>(name: string, body: unknown) =>
    deps.api.request<T>({
      method: 'POST',
      path: path(name),
      body,
      auth: 'required',
      kind: SdkErrorKind.ai,
    });

  return {
    /** Generates text. Not served yet: resolves to a 404 AI_ERROR. */
    generateText: (input: GenerateTextInput): Promise<Result<{ text: string }>> =>
      post('text', input),

    /** Streams generated text to `onChunk`; resolves with the whole text. Not served yet (404 AI_ERROR). */
    streamText: (
      input: GenerateTextInput,
      onChunk: (text: string) => void,
    ): Promise<Result<string>> =>
      requestStream(deps.authorizedFetch, deps.api.urlFor(path('text')), input, onChunk),

    /** Generates a JSON object matching `schema`. Not served yet: resolves to a 404 AI_ERROR. */
    generateObject: <T = unknown>(input: GenerateObjectInput): Promise<Result<{ object: T }>> =>
      post('object', input),

    /** Streams a generated object's JSON text to `onChunk`. Not served yet (404 AI_ERROR). */
    streamObject: (
      input: GenerateObjectInput,
      onChunk: (text: string) => void,
    ): Promise<Result<string>> =>
      requestStream(deps.authorizedFetch, deps.api.urlFor(path('object')), input, onChunk),

    /**
     * Generates an image, or edits `images`, whose URLs are checked first (VALIDATION_ERROR
     * 'Image URLs must use HTTPS protocol', 'Invalid URL format', 'Maximum 16 images allowed').
     * Not served yet: valid input resolves to a 404 AI_ERROR.
     */
    async generateImage(input: GenerateImageInput): Promise<Result<{ data: { url: string }[] }>> {
      if (input.images !== undefined) {
        const invalid = checkImageUrls(input.images);
        if (invalid) return fail(invalid);
      }
      return post('image', input);
    },

    /** Speaks `text`; resolves with the audio. Not served yet: resolves to a 404 AI_ERROR. */
    generateSpeech: (input: GenerateSpeechInput): Promise<Result<Blob>> =>
      deps.api.request<Blob>({
        method: 'POST',
        path: path('speech'),
        body: input,
        auth: 'required',
        kind: SdkErrorKind.ai,
        responseType: 'blob',
      }),

    /** Transcribes audio to text. Not served yet: resolves to a 404 AI_ERROR. */
    transcribe: (input: TranscribeInput): Promise<Result<{ text: string }>> =>
      post('transcribe', input),
  };
}

export type AiClient = ReturnType<typeof createAiClient>;
