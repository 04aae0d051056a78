import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { TokenSet } from '@campuscollab/shared';
import { firstLink, waitForEmail } from './mailbox';

export interface Student {
  email: string;
  password: string;
  id: string;
  tokens: TokenSet;
}

export const baseUrl = () => process.env.E2E_BASE_URL!;

/** A fresh school address, unique per call, so parallel tests never meet. */
export function newSchoolEmail(prefix = 'student'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@mit.edu`;
}

async function post(path: string, body: unknown, token?: string) {
  return fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

/**
 * Signs up through the API and does what a student does with the emailed link: opens it (the
 * server redirects to the web app's verify page) and chooses the password there, which signs in.
 */
export async function createVerifiedStudent(email = newSchoolEmail()): Promise<Student> {
  const password = 'correct-horse-battery';
  const signup = await post('/api/auth/signup', { email, password });
  if (signup.status !== 201) throw new Error(`sign-up failed: ${await signup.text()}`);
  const token = await openVerificationLink(firstLink(await waitForEmail(email)));
  const verified = await post('/api/auth/verify', { token, password });
  if (verified.status !== 200) throw new Error(`verification failed: ${await verified.text()}`);
  const session = (await verified.json()) as TokenSet & { user: { id: string } };
  return { email, password, id: session.user.id, tokens: session };
}

/** Opens a verification link as a browser would; the token of the page it redirects to. */
export async function openVerificationLink(link: string): Promise<string> {
  const opened = await fetch(link, { redirect: 'manual' });
  const page = new URL(opened.headers.get('location') ?? '', baseUrl());
  const token = page.searchParams.get('token');
  if (page.searchParams.get('page') !== 'verify-email' || !token) {
    throw new Error(`the link led to ${page}`);
  }
  return token;
}

/** Signs in through the API; the student as the fixtures describe them. */
export async function signInStudent(email: string, password: string): Promise<Student> {
  const signin = await post('/api/auth/signin', { email, password });
  if (signin.status !== 200) throw new Error(`sign-in failed: ${await signin.text()}`);
  const session = (await signin.json()) as TokenSet & { user: { id: string } };
  return { email, password, id: session.user.id, tokens: session };
}

/** A profile row for the student, through the table API. */
export async function createProfile(
  student: Student,
  profile: {
    name: string;
    university?: string;
    city?: string;
    role?: string;
    referred_by?: string;
  },
): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl()}/api/db/campus/rest/v1/users`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${student.tokens.access_token}`,
      prefer: 'return=representation',
    },
    body: JSON.stringify({ university: 'MIT', role: 'Student', ...profile }),
  });
  if (response.status !== 201) throw new Error(`profile failed: ${await response.text()}`);
  return ((await response.json()) as Record<string, unknown>[])[0]!;
}

/** Removes the student and everything they own; already-deleted accounts are fine. */
export async function deleteStudent(student: Student): Promise<void> {
  await fetch(`${baseUrl()}/api/auth/me`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${student.tokens.access_token}` },
  });
}

/** The browser-storage entry where the SDK keeps the session (docs/product.md §4.2, source 3). */
export const SESSION_STORAGE_KEY = 'campuscollab.auth.campus';

/**
 * Opens the app at `pageName` signed in as the student, as a returning visit finds its session:
 * in the storage entry. (Tokens in the address are no way in: the SDK takes them only back from
 * a hosted sign-in this tab started.)
 */
export async function openSignedIn(page: Page, student: Student, pageName = 'dashboard') {
  // Any address of the app's origin gives the page its storage; this one runs no app script.
  // Absolute addresses: a context a test opens itself has no baseURL.
  await page.goto(new URL('/api/health', baseUrl()).toString());
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
    SESSION_STORAGE_KEY,
    JSON.stringify(student.tokens),
  ] as const);
  await page.goto(new URL(`/?page=${pageName}`, baseUrl()).toString());
}

/** The address of the app at `pageName` carrying the student's tokens, as an attacker's link would. */
export function addressWithTokens(student: Student, pageName = 'dashboard'): string {
  const url = new URL('/', baseUrl());
  url.searchParams.set('page', pageName);
  url.searchParams.set('access_token', student.tokens.access_token);
  url.searchParams.set('refresh_token', student.tokens.refresh_token);
  return url.toString();
}
