import { verifyThroughLink, type Session } from './email-links';
import { request } from './test-app';

/**
 * Signs up through the API, then does what the student does with the emailed link (dev
 * outbox): opens it and chooses the password on the page it leads to, which signs them in.
 */
export async function createVerifiedAccount(
  baseUrl: string,
  email: string,
  password = 'correct-horse-battery',
): Promise<Session> {
  const signup = await request(baseUrl, 'POST', '/api/auth/signup', { body: { email, password } });
  if (signup.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signup.body)}`);
  const outbox = await request<{ emails: { text: string }[] }>(
    baseUrl,
    'GET',
    `/dev/outbox?to=${encodeURIComponent(email)}&limit=1`,
  );
  const link = /https?:\/\/\S+/.exec(outbox.body.emails[0]?.text ?? '')?.[0];
  if (!link) throw new Error(`no verification email for ${email}`);
  const verified = await verifyThroughLink(baseUrl, link, password);
  if (verified.status !== 200) {
    throw new Error(`verification failed: ${JSON.stringify(verified.body)}`);
  }
  return verified.body;
}

/** A verified, signed-in account per name (`<name>@mit.edu`): each one's id and access token. */
export async function createVerifiedStudents<Name extends string>(
  baseUrl: string,
  names: readonly Name[],
): Promise<{ ids: Record<Name, string>; tokens: Record<Name, string> }> {
  const ids = {} as Record<Name, string>;
  const tokens = {} as Record<Name, string>;
  for (const name of names) {
    const account = await createVerifiedAccount(baseUrl, `${name}@mit.edu`);
    ids[name] = account.user.id;
    tokens[name] = account.access_token;
  }
  return { ids, tokens };
}
