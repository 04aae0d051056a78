import type { DatabaseKind } from '../../src/db/dialects/types';
import { createVerifiedAccount } from '../helpers/accounts';
import {
  startFakeAiProvider,
  type FakeAiOptions,
  type FakeAiProvider,
} from '../helpers/fake-ai-provider';
import { startTestApp, type TestApp } from '../helpers/test-app';

export interface AiApp {
  server: TestApp;
  provider: FakeAiProvider;
  /** The options the fake provider reads on every request; tests change them between calls. */
  behaviour: FakeAiOptions;
  /** A signed-in student's access token (ada@mit.edu). */
  token: string;
  /** POSTs JSON to `/api/ai/campus/{name}` as ada, or as `token` ('' for nobody). */
  post(name: string, body: unknown, token?: string): Promise<Response>;
  close(): Promise<void>;
}

/** The real server with AI_BASE_URL pointed at a fake OpenAI-compatible provider. */
export async function startAiApp(
  kind: DatabaseKind,
  behaviour: FakeAiOptions = {},
  env: Record<string, string> | ((provider: FakeAiProvider) => Record<string, string>) = {},
): Promise<AiApp> {
  const provider = await startFakeAiProvider(behaviour);
  const extra = typeof env === 'function' ? env(provider) : env;
  const server = await startTestApp(kind, { AI_BASE_URL: provider.baseUrl, ...extra });
  const { access_token: token } = await createVerifiedAccount(server.baseUrl, 'ada@mit.edu');
  return {
    server,
    provider,
    behaviour,
    token,
    post: (name, body, as = token) =>
      fetch(`${server.baseUrl}/api/ai/campus/${name}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(as ? { authorization: `Bearer ${as}` } : {}),
        },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    async close() {
      await server.close();
      await provider.close();
    },
  };
}

/** Reads a streamed body chunk by chunk, as the SDK does. */
export function chunkReader(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  return {
    async next(): Promise<string | null> {
      const { done, value } = await reader.read();
      return done ? null : value;
    },
    async rest(): Promise<string[]> {
      const chunks: string[] = [];
      for (let chunk = await this.next(); chunk !== null; chunk = await this.next()) {
        chunks.push(chunk);
      }
      return chunks;
    },
    cancel: () => reader.cancel(),
  };
}
