/**
 * What the AI endpoints need from a model provider. openai-provider.ts speaks the OpenAI wire
 * format, which OpenAI, Ollama, vLLM, llama.cpp's server and LiteLLM all accept; another kind of
 * provider would implement this interface. Every method rejects with an HttpError the client may
 * see (provider-errors.ts), or with the signal's reason when the caller aborted.
 */
export interface AiProvider {
  text(request: TextRequest, signal: AbortSignal): Promise<TextAnswer>;
  /** Resolves once the provider has accepted the request; its chunks follow as they arrive. */
  streamText(request: TextRequest, signal: AbortSignal): Promise<TextStream>;
  image(request: ImageRequest, signal: AbortSignal): Promise<ImageAnswer>;
  speech(request: SpeechRequest, signal: AbortSignal): Promise<SpeechAnswer>;
  transcribe(request: TranscribeRequest, signal: AbortSignal): Promise<TextAnswer>;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface TextRequest {
  messages: ChatMessage[];
  maxTokens: number;
  temperature?: number;
  /** Asks for a JSON answer matching this schema (providers that ignore it still get the system message). */
  jsonSchema?: Record<string, unknown>;
}

/** Tokens as the provider counted them; absent when it did not say. */
export interface Usage {
  tokens: number;
}

export interface TextAnswer {
  text: string;
  usage?: Usage;
}

export interface TextStream extends AsyncIterable<string> {
  /** The usage the provider reported at the end of the stream, once it has ended. */
  usage(): Usage | undefined;
}

export interface InputImage {
  body: Buffer;
  contentType: string;
  extension: string;
}

export interface ImageRequest {
  prompt: string;
  /** Images to edit; absent or empty to generate. */
  images: InputImage[];
  size?: string;
  n: number;
}

/** Each image as base64, or a URL the caller must fetch through the outbound guard. */
export type GeneratedImage = { base64: string } | { url: string };

export interface ImageAnswer {
  images: GeneratedImage[];
  usage?: Usage;
}

export interface SpeechRequest {
  text: string;
  voice: string;
}

export interface SpeechAnswer {
  body: Buffer;
  contentType: string;
}

export interface TranscribeRequest {
  body: Buffer;
  contentType: string;
  extension: string;
  language?: string;
}
