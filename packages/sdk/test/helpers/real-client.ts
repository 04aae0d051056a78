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

/**
 * Opens the newest verification link to `email` as a browser does and returns the token of the
 * web app page it redirects to.
 */
export async function readVerificationToken(baseUrl: string, email: string): Promise<string> {
  const opened = await fetch(await readVerificationLink(baseUrl, email), { redirect: 'manual' });
  const page = new URL(opened.headers.get('location') ?? '', baseUrl);
  const token = page.searchParams.get('token');
  if (opened.status !== 303 || !token) throw new Error(`verification link led to ${page}`);
  return token;
}

/** Signs up, then chooses the password on the verification link's page, which signs in. */
export async function signUpThroughSdk(
  baseUrl: string,
  email: string,
  password = 'correct-horse-battery',
) {
  const created = createNodeClient(baseUrl);
  await created.client.auth.ready;
  const signUp = await created.client.auth.signUp(email, password);
  if (signUp.error) throw signUp.error;
  const token = await readVerificationToken(baseUrl, email);
  const verified = await created.client.auth.verifyEmail(token, password);
  if (verified.error) throw verified.error;
  return { ...created, user: verified.data.user, password };
}
