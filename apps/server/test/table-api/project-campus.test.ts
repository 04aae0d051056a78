import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { DIALECTS } from '../helpers/test-database';
import { request, startTestApp, type TestApp } from '../helpers/test-app';

describe.each(DIALECTS)("a project's campus on %s", (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  it("comes from the poster's profile, and the client cannot set it", async () => {
    const ada = await createVerifiedAccount(server.baseUrl, 'ada@mit.edu');
    const post = (body: unknown) =>
      request<Record<string, unknown>[]>(
        server.baseUrl,
        'POST',
        '/api/db/campus/rest/v1/projects',
        {
          token: ada.access_token,
          headers: { prefer: 'return=representation' },
          body,
        },
      );
    await request(server.baseUrl, 'POST', '/api/db/campus/rest/v1/users', {
      token: ada.access_token,
      body: { name: 'Ada', university: 'MIT', city: 'Cambridge', role: 'Student' },
    });
    const created = await post({ title: 'Engines', description: 'Analytical' });
    expect(created.body[0]).toMatchObject({ university: 'MIT', city: 'Cambridge' });
    expect(
      (await post({ title: 'Elsewhere', description: 'x', university: 'Harvard' })).status,
    ).toBe(403);

    const nearby = await request<Record<string, unknown>[]>(
      server.baseUrl,
      'GET',
      '/api/db/campus/rest/v1/projects?status=eq.Open&or=(university.eq.Harvard,city.eq.Cambridge)&select=title',
      { token: ada.access_token },
    );
    expect(nearby.body).toEqual([{ title: 'Engines' }]);
  });
});
