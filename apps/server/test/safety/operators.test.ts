import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startTestApp, TEST_SERVICE_KEY, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';
import { createSafetyWorld, idsOf, REST, SAFETY } from './world';

/**
 * The operator API (SERVICE_KEY): reports newest first by status, page by page; resolving with
 * a note; hiding a project or profile from everyone but its owner. Students get none of it.
 */
describe.each(DIALECTS)('operator safety API on %s', (kind) => {
  let server: TestApp;
  let world: Awaited<ReturnType<typeof createSafetyWorld>>;

  const operator = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
    request<T>(server.baseUrl, method, `${SAFETY}${path}`, { token: TEST_SERVICE_KEY, body });

  beforeAll(async () => {
    server = await startTestApp(kind);
    world = await createSafetyWorld(server);
    // Reports in a known order: ada's about ben's project, then ben's profile, then cy's message.
    for (const [by, body] of [
      ['ada', { target_kind: 'project', target_id: 'p_ben', reason: 'Spam' }],
      ['ada', { target_kind: 'profile', target_id: world.ids.ben, reason: 'Impersonation' }],
      ['ada', { target_kind: 'message', target_id: 'm_cy_to_ada', reason: 'Harassment' }],
    ] as const) {
      const answer = await world.as(by).post(`${SAFETY}/reports`, body);
      expect(answer.status).toBe(201);
    }
  });
  afterAll(async () => server.close());

  it('refuses every operator route without the service key', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/reports'],
      ['POST', '/reports/any/resolve', { note: 'done' }],
      ['PUT', '/hidden/project/p_ben'],
      ['DELETE', '/hidden/project/p_ben'],
      ['PUT', `/hidden/profile/${world.ids.ben}`],
    ];
    for (const [method, path, body] of routes) {
      const anonymous = await request(server.baseUrl, method, `${SAFETY}${path}`, { body });
      expect({ path, status: anonymous.status }).toEqual({ path, status: 401 });
      const student = await request(server.baseUrl, method, `${SAFETY}${path}`, {
        body,
        token: world.tokens.ada,
      });
      expect({ path, status: student.status }).toEqual({ path, status: 403 });
      const guessed = await request(server.baseUrl, method, `${SAFETY}${path}`, {
        body,
        token: `${TEST_SERVICE_KEY}x`,
      });
      expect({ path, status: guessed.status }).toEqual({ path, status: 401 });
    }
    expect((await world.as('cy').get(`${REST}/projects?id=eq.p_ben`)).body).toHaveLength(1);
  });

  it('lists reports newest first, page by page, with who reported them', async () => {
    const first = await operator<{ reports: Record<string, unknown>[] }>(
      'GET',
      '/reports?status=open&limit=2',
    );
    expect(first.status).toBe(200);
    expect(first.body.reports.map((report) => report.target_id)).toEqual([
      'm_cy_to_ada',
      world.ids.ben,
    ]);
    expect(first.body.reports[0]).toMatchObject({
      reporter_id: world.ids.ada,
      target_owner_id: world.ids.cy,
      reason: 'Harassment',
      status: 'open',
    });
    const next = await operator<{ reports: Record<string, unknown>[] }>(
      'GET',
      '/reports?status=open&limit=2&offset=2',
    );
    expect(next.body.reports.map((report) => report.target_id)).toEqual(['p_ben']);
    const bad = await operator('GET', '/reports?status=closed&limit=100000');
    expect(bad.status).toBe(400);
  });

  it('resolves a report with a note, once', async () => {
    const { body } = await operator<{ reports: { id: string; target_id: string }[] }>(
      'GET',
      '/reports?status=open',
    );
    const target = body.reports.find((report) => report.target_id === 'p_ben')!;
    const resolved = await operator('POST', `/reports/${target.id}/resolve`, {
      note: 'Warned the poster',
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({
      id: target.id,
      status: 'resolved',
      resolution_note: 'Warned the poster',
      resolved_at: expect.any(String),
    });
    const again = await operator('POST', `/reports/${target.id}/resolve`, { note: 'Twice' });
    expect(again.status).toBe(409);
    const missing = await operator('POST', '/reports/nope/resolve', { note: 'x' });
    expect(missing.status).toBe(404);
    const listed = await operator<{ reports: { id: string }[] }>('GET', '/reports?status=resolved');
    expect(listed.body.reports.map((report) => report.id)).toEqual([target.id]);
  });

  it('hides a project from Explore and by id for everyone but its owner, until unhidden', async () => {
    expect((await operator('PUT', '/hidden/project/p_ben')).status).toBe(200);
    expect(idsOf((await world.as('cy').get(`${REST}/projects`)).body)).toEqual(['p_ada', 'p_cy']);
    expect((await world.as('ada').get(`${REST}/projects?id=eq.p_ben`)).body).toEqual([]);
    const own = await world.as('ben').get(`${REST}/projects?id=eq.p_ben`);
    expect(own.body).toEqual([
      expect.objectContaining({ id: 'p_ben', hidden_at: expect.any(String) }),
    ]);
    // Applying to a project one cannot see is applying to nothing.
    const application = await world.as('cy').post(`${REST}/applications`, {
      project_id: 'p_ben',
      message: 'Me?',
    });
    expect(application.status).toBe(409);
    expect((await operator('DELETE', '/hidden/project/p_ben')).status).toBe(200);
    expect(idsOf((await world.as('cy').get(`${REST}/projects`)).body)).toContain('p_ben');
    expect((await operator('PUT', '/hidden/project/p_none')).status).toBe(404);
  });

  it('hides a profile from everyone but its owner', async () => {
    expect((await operator('PUT', `/hidden/profile/${world.ids.ben}`)).status).toBe(200);
    const seen = await world.as('cy').get(`${REST}/users?user_id=eq.${world.ids.ben}`);
    expect(seen.body).toEqual([]);
    const own = await world.as('ben').get(`${REST}/users?user_id=eq.${world.ids.ben}`);
    expect(own.body).toEqual([expect.objectContaining({ hidden_at: expect.any(String) })]);
    expect((await operator('DELETE', `/hidden/profile/${world.ids.ben}`)).status).toBe(200);
    expect(
      (await world.as('cy').get(`${REST}/users?user_id=eq.${world.ids.ben}`)).body,
    ).toHaveLength(1);
  });

  it('never lets a student set or clear hidden_at', async () => {
    await operator('PUT', '/hidden/project/p_ben');
    const cleared = await world
      .as('ben')
      .patch(`${REST}/projects?id=eq.p_ben`, { hidden_at: null });
    expect(cleared.status).toBe(403);
    const profile = await world.as('ada').patch(`${REST}/users?user_id=eq.${world.ids.ada}`, {
      hidden_at: '2020-01-01T00:00:00.000Z',
    });
    expect(profile.status).toBe(403);
    const posted = await world.as('ada').post(`${REST}/projects`, {
      title: 'Sneaky',
      description: 'x',
      hidden_at: '2020-01-01T00:00:00.000Z',
    });
    expect(posted.status).toBe(403);
    const own = await world
      .as('ben')
      .get<{ hidden_at: string | null }[]>(`${REST}/projects?id=eq.p_ben`);
    expect(own.body[0]?.hidden_at).toEqual(expect.any(String));
  });

  it('documents every safety route in the OpenAPI document', async () => {
    const document = await request<{ paths: Record<string, Record<string, { summary?: string }>> }>(
      server.baseUrl,
      'GET',
      '/api/openapi.json',
    );
    const summaries = [
      ['/api/safety/{project}/reports', 'post'],
      ['/api/safety/{project}/reports', 'get'],
      ['/api/safety/{project}/reports/{id}/resolve', 'post'],
      ['/api/safety/{project}/hidden/{kind}/{id}', 'put'],
      ['/api/safety/{project}/hidden/{kind}/{id}', 'delete'],
    ].map(([path, method]) => document.body.paths[path!]?.[method!]?.summary);
    expect(summaries.every((summary) => typeof summary === 'string' && summary.length > 0)).toBe(
      true,
    );
  });

  it('keeps reports when the reporter deletes their account, without naming them', async () => {
    const deleted = await fetch(`${server.baseUrl}/api/auth/me`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${world.tokens.ada}` },
    });
    expect(deleted.status).toBe(204);
    const { body } = await operator<{ reports: Record<string, unknown>[] }>('GET', '/reports');
    expect(body.reports).toHaveLength(3);
    expect(body.reports.every((report) => report.reporter_id === null)).toBe(true);
  });
});
