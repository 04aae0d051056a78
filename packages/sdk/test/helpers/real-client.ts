import { WebSocket } from 'ws';
import { createClient, type ClientOptions } from '../../src/create-client';
import { createSharedStorage } from './memory-storage';

/**
 * An SDK client for the real server, in Node: memory storage (no localStorage), `ws` for the
 * WebSocket, and fetch for uploads (Node has no XMLHttpRequest: the fetch fallback is used).
 */
export function createNodeClient(baseUrl: string, options: Partial<ClientOptions> = {}) {
  const storage = options.storage ?? createSharedStorage();
  const client = createClient({
    url: baseUrl,
    projectId: 'campus',
    storage,
    WebSocket,
    XMLHttpRequest: null,
    locks: null,
    channelFactory: null,
    navigate: () => {},
    ...options,
  });
  return { client, storage };
}

/** The verification link of the newest email to `email`, from the dev outbox. */
export async function readVerificationLink(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/dev/outbox?to=${encodeURIComponent(email)}&limit=1`);
  const { emails } = (await response.json()) as { emails: { text: string }[] };
  const link = /https?:\/\/\S+/.exec(emails[0]?.text ?? '')?.[0];
  if (!link) throw new Error(`no verification email for ${email}`);
  return link;
}

/** Signs up, verifies and signs in through the SDK; returns the signed-in client. */
export async function signUpThroughSdk(
  baseUrl: string,
  email: string,
  password = 'correct-horse-battery',
) {
  const created = createNodeClient(baseUrl);
  await created.client.auth.ready;
  const signUp = await created.client.auth.signUp(email, password);
  if (signUp.error) throw signUp.error;
  const verify = await fetch(await readVerificationLink(baseUrl, email), { redirect: 'manual' });
  if (verify.status !== 303) throw new Error(`verification failed: ${verify.status}`);
  const signIn = await created.client.auth.signInWithEmail(email, password);
  if (signIn.error) throw signIn.error;
  return { ...created, user: signIn.data.user, password };
}
