import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_DESCRIPTION_MAX, PROJECT_TITLE_MAX } from '@campuscollab/shared';
import { request, startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';
import { buildTeamWorld, ok, TABLES, type TeamWorld } from './team-world';

/**
 * The owner edits, closes and reopens a project through the table API (docs/product.md §4.9):
 * an edit meets the limits of Post a Project, and a Closed project takes no applications.
 */
describe.each(DIALECTS)('project edits on %s', (kind) => {
  let server: TestApp;
  let world: TeamWorld;

  beforeAll(async () => {
    server = await startTestApp(kind);
    world = await buildTeamWorld(server.baseUrl, 'edits');
  });
  afterAll(() => server.close());

  const edit = (token: string, body: unknown) =>
    request<Record<string, unknown>[]>(
      server.baseUrl,
      'PATCH',
      `${TABLES}/projects?id=eq.${world.projectId}`,
      {
        token,
        body,
        headers: { prefer: 'return=representation' },
      },
    );

  it('saves an edit within the limits', async () => {
    const saved = await ok(
      edit(world.ada.token, {
        title: 'Robot arm v2',
        description: 'Build a better one',
        timeline: '3 months',
        skills_needed: ['Coding', 'Design'],
      }),
      200,
    );
    expect(saved).toEqual([
      expect.objectContaining({ title: 'Robot arm v2', timeline: '3 months' }),
    ]);
    // Stored as the JSON text of the list, as Post a Project stores it.
    expect(JSON.parse(String(saved[0]?.skills_needed))).toEqual(['Coding', 'Design']);
  });

  it('refuses an edit past the limits of Post a Project', async () => {
    for (const body of [
      { title: '' },
      { title: '   ' },
      { title: 'x'.repeat(PROJECT_TITLE_MAX + 1) },
      { description: 'x'.repeat(PROJECT_DESCRIPTION_MAX + 1) },
      { skills_needed: Array.from({ length: 31 }, (_, n) => `skill ${n}`) },
      { skills_needed: ['x'.repeat(51)] },
      { status: 'Archived' },
      [{ title: 'an array' }],
    ]) {
      const refused = await edit(world.ada.token, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('keeps the server’s columns and other students out', async () => {
    expect((await edit(world.ada.token, { posted_by_id: world.bob.id })).status).toBe(403);
    const notOwner = await edit(world.bob.token, { title: 'Mine now' });
    expect(notOwner.status).toBe(403);
  });

  it('takes no application while Closed, and takes them again when reopened', async () => {
    await ok(edit(world.ada.token, { status: 'Closed' }), 200);
    const apply = () =>
      request(server.baseUrl, 'POST', `${TABLES}/applications`, {
        token: world.carol.token,
        body: { project_id: world.projectId, message: 'I would like to join this project!' },
      });
    const refused = await apply();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: 'This project does not exist or is not open for applications',
    });
    await ok(edit(world.ada.token, { status: 'Open' }), 200);
    expect((await apply()).status).toBe(201);
  });
});
