import { createVerifiedAccount, startTestApp } from '@campuscollab/server/testing';
import { createSharedStorage } from './memory-storage';
import { createNodeClient, signUpThroughSdk } from './real-client';

/** The smallest PDF a reader opens (the server sniffs the content, so it must be real). */
export const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
    '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

/** Resolves with the first value `subscribe` hands over, or fails after `ms`. */
export function nextValue<T>(
  subscribe: (deliver: (value: T) => void) => void,
  ms = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out waiting for an event')), ms);
    subscribe((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

/**
 * The real server (SQLite, free port) with two signed-in students: Ada signed up through the
 * SDK (sign up, verification link from the dev outbox, sign in), Bob through the server's own
 * helper, his tokens handed to the SDK through storage.
 */
export async function startWithTwoStudents() {
  const app = await startTestApp('sqlite');
  const signedUp = await signUpThroughSdk(app.baseUrl, 'ada@mit.edu');
  const account = await createVerifiedAccount(app.baseUrl, 'bob@ox.ac.uk');
  const storage = createSharedStorage();
  storage.setItem('campuscollab.auth.campus', JSON.stringify(account));
  const bob = createNodeClient(app.baseUrl, { storage }).client;
  await bob.auth.ready;
  return {
    app,
    ada: signedUp.client,
    adaId: signedUp.user.id,
    bob,
    bobId: account.user.id,
    async close() {
      signedUp.client.close();
      bob.close();
      await app.close();
    },
  };
}

export type TwoStudents = Awaited<ReturnType<typeof startWithTwoStudents>>;
