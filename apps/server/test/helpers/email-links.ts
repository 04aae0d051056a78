import type { TokenSet } from '@campuscollab/shared';
import { request, type JsonResponse } from './test-app';

export type Session = TokenSet & { user: { id: string; email: string; emailVerified: boolean } };

/**
 * Opens an emailed verification link the way a browser (or a mail scanner) does: a GET that the
 * server answers with a redirect to the web app's page. Returns that page's address.
 */
export async function openVerificationLink(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual' });
  const location = response.headers.get('location');
  if (response.status !== 303 || !location) {
    throw new Error(`the link answered ${response.status}, location ${location}`);
  }
  return new URL(location);
}

/** The token a web app page address (or a link straight to it) carries. */
export function readPageToken(address: URL | string, page: string): string {
  const url = new URL(address);
  if (url.searchParams.get('page') !== page) throw new Error(`${url} is not the ${page} page`);
  const token = url.searchParams.get('token');
  if (!token) throw new Error(`${url} carries no token`);
  return token;
}

/** What the verify page does: the mailbox owner chooses the password and is signed in. */
export function choosePassword(
  baseUrl: string,
  token: string,
  password: string,
): Promise<JsonResponse<Session>> {
  return request<Session>(baseUrl, 'POST', '/api/auth/verify', { body: { token, password } });
}

/** Follows a verification link through the web app's page: opens it, then chooses `password`. */
export async function verifyThroughLink(
  baseUrl: string,
  link: string,
  password: string,
): Promise<JsonResponse<Session>> {
  const page = await openVerificationLink(link);
  return choosePassword(baseUrl, readPageToken(page, 'verify-email'), password);
}

export function signIn(baseUrl: string, email: string, password: string) {
  return request<Session>(baseUrl, 'POST', '/api/auth/signin', { body: { email, password } });
}
