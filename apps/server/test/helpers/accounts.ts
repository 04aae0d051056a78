import type { TokenSet } from '@campuscollab/shared';
import { request } from './test-app';

/** Signs up through the API, follows the verification link from the dev outbox, signs in. */
export async function createVerifiedAccount(
  baseUrl: string,
  email: string,
  password = 'correct-horse-battery',
): Promise<TokenSet & { user: { id: string; email: string } }> {
  const signup = await request(baseUrl, 'POST', '/api/auth/signup', { body: { email, password } });
  if (signup.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signup.body)}`);
  const outbox = await request<{ emails: { text: string }[] }>(
    baseUrl,
    'GET',
    `/dev/outbox?to=${encodeURIComponent(email)}&limit=1`,
  );
  const link = /https?:\/\/\S+/.exec(outbox.body.emails[0]?.text ?? '')?.[0];
  if (!link) throw new Error(`no verification email for ${email}`);
  const verify = await fetch(link, { redirect: 'manual' });
  if (verify.status !== 303) throw new Error(`verification failed: ${verify.status}`);
  const signin = await request<TokenSet & { user: { id: string; email: string } }>(
    baseUrl,
    'POST',
    '/api/auth/signin',
    { body: { email, password } },
  );
  if (signin.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(signin.body)}`);
  return signin.body;
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
