import type { DatabaseHandle } from '@campuscollab/server/testing';

/**
 * Access tokens of seeded students, signed in over HTTP like the web app. A student may hold
 * any number of sockets (one per tab), so the benchmark deals a few hundred tokens out over
 * all of its sockets rather than creating an account per socket.
 */
export async function signInStudents(
  database: DatabaseHandle,
  baseUrl: string,
  password: string,
  count: number,
): Promise<string[]> {
  const accounts = await database.db
    .selectFrom('auth_accounts')
    .select('email')
    .orderBy('email')
    .limit(count)
    .execute();
  if (accounts.length === 0) throw new Error('the seeded database has no account');
  const tokens: string[] = [];
  let next = 0;
  // A few at a time: each sign-in hashes the password, which is slow on purpose.
  const lane = async () => {
    while (next < accounts.length) {
      const { email } = accounts[next++]!;
      const response = await fetch(`${baseUrl}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status}`);
      tokens.push(((await response.json()) as { access_token: string }).access_token);
    }
  };
  await Promise.all(Array.from({ length: 4 }, lane));
  return tokens;
}
