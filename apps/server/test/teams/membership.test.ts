import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyTeams, TeamView } from '@campuscollab/shared';
import { request, startTestApp, TEST_SERVICE_KEY, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';
import { buildSocketUrl, closeAllSockets, connectSocket } from '../realtime/helpers/socket-client';
import { buildTeamWorld, ok, TABLES, TEAMS, type Student } from './team-world';

/**
 * Withdrawing, leaving and removal (docs/product.md §4.10 and the team space), who reads a
 * team, and each member's unread count.
 */
describe.each(DIALECTS)('teams on %s', (kind) => {
  let server: TestApp;
  let tag = 0;

  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(async () => {
    closeAllSockets();
    await server.close();
  });

  const world = () => buildTeamWorld(server.baseUrl, `${kind}${(tag += 1)}`);
  const call = <T = Record<string, unknown>>(
    who: Student,
    method: string,
    path: string,
    body?: unknown,
  ) => request<T>(server.baseUrl, method, path, { token: who.token, body });
  const statusOf = async (id: string, who: Student) =>
    (await call(who, 'GET', `${TABLES}/applications?id=eq.${id}&select=status`)).body;

  it('withdraws a Pending application only; an Accepted one is left through the team', async () => {
    const team = await world();
    const withdrawn = await call(
      team.dan,
      'DELETE',
      `${TABLES}/applications?id=eq.${team.applications.dan}`,
    );
    expect(withdrawn.status).toBe(204);
    expect(await statusOf(team.applications.dan, team.ada)).toEqual([]);

    const accepted = await call(
      team.bob,
      'DELETE',
      `${TABLES}/applications?id=eq.${team.applications.bob}`,
    );
    expect(accepted.status).toBe(403);
    expect(await statusOf(team.applications.bob, team.bob)).toEqual([{ status: 'Accepted' }]);
  });

  it('keeps a decision: the owner cannot turn an Accepted member to Declined through the table', async () => {
    const team = await world();
    const changed = await call(
      team.ada,
      'PATCH',
      `${TABLES}/applications?id=eq.${team.applications.bob}`,
      {
        status: 'Declined',
      },
    );
    expect(changed.status).toBe(403);
    expect(await statusOf(team.applications.bob, team.ada)).toEqual([{ status: 'Accepted' }]);
  });

  it('refuses to withdraw someone else’s application or a Declined one', async () => {
    const team = await world();
    const other = await call(
      team.bob,
      'DELETE',
      `${TABLES}/applications?id=eq.${team.applications.dan}`,
    );
    // Invisible to Bob: nothing happens, and he learns nothing about it.
    expect(other.status).toBe(204);
    expect(await statusOf(team.applications.dan, team.ada)).toEqual([{ status: 'Pending' }]);
    await ok(
      call(team.ada, 'PATCH', `${TABLES}/applications?id=eq.${team.applications.dan}`, {
        status: 'Declined',
      }),
      204,
    );
    const declined = await call(
      team.dan,
      'DELETE',
      `${TABLES}/applications?id=eq.${team.applications.dan}`,
    );
    expect(declined.status).toBe(403);
  });

  it('reads the team: owner first, names and roles; outsiders only while the project is Open', async () => {
    const team = await world();
    const view = await ok(call<TeamView>(team.bob, 'GET', `${TEAMS}/${team.projectId}`), 200);
    expect(view.viewerRole).toBe('member');
    expect(view.members).toEqual([
      expect.objectContaining({ userId: team.ada.id, name: 'Ada Lovelace', role: 'owner' }),
      expect.objectContaining({ userId: team.bob.id, name: 'Bob', role: 'member' }),
    ]);
    const outside = await ok(call<TeamView>(team.carol, 'GET', `${TEAMS}/${team.projectId}`), 200);
    expect(outside.viewerRole).toBeNull();
    expect(outside.members).toHaveLength(2);

    await ok(
      call(team.ada, 'PATCH', `${TABLES}/projects?id=eq.${team.projectId}`, { status: 'Closed' }),
      204,
    );
    expect((await call(team.carol, 'GET', `${TEAMS}/${team.projectId}`)).status).toBe(404);
    expect((await call(team.bob, 'GET', `${TEAMS}/${team.projectId}`)).status).toBe(200);
  });

  it("keeps a team from outsiders the project's read rules hide: an operator's hide, a block", async () => {
    const team = await world();
    const teamPath = `${TEAMS}/${team.projectId}`;
    // Carol blocks the owner: the project is gone from her reads, and so is its team.
    await ok(call(team.carol, 'POST', `${TABLES}/blocks`, { blocked_id: team.ada.id }), 201);
    expect((await call(team.carol, 'GET', teamPath)).status).toBe(404);
    expect((await call(team.bob, 'GET', teamPath)).status).toBe(200);

    // An operator hides the project: outsiders lose the team, members and the owner keep it.
    await ok(
      request(server.baseUrl, 'PUT', `/api/safety/campus/hidden/project/${team.projectId}`, {
        token: TEST_SERVICE_KEY,
      }),
      200,
    );
    expect((await call(team.dan, 'GET', teamPath)).status).toBe(404);
    expect((await call(team.bob, 'GET', teamPath)).status).toBe(200);
    expect((await call(team.ada, 'GET', teamPath)).status).toBe(200);
  });

  it('lets only the owner remove, and only a member', async () => {
    const team = await world();
    const path = (userId: string) => `${TEAMS}/${team.projectId}/members/${userId}`;
    expect((await call(team.carol, 'DELETE', path(team.bob.id))).status).toBe(404);
    expect((await call(team.dan, 'DELETE', path(team.bob.id))).status).toBe(404);
    expect((await call(team.ada, 'DELETE', path(team.dan.id))).status).toBe(404);
    expect((await call(team.ada, 'DELETE', path('../x'))).status).toBe(404);
    await ok(call(team.ada, 'DELETE', path(team.bob.id)), 204);
    // Removed is Declined: the owner's decision stands and Bob cannot apply again.
    expect(await statusOf(team.applications.bob, team.bob)).toEqual([{ status: 'Declined' }]);
    expect((await call(team.bob, 'GET', `${TEAMS}/${team.projectId}/read`)).status).toBe(404);
    expect((await call(team.bob, 'POST', `${TEAMS}/${team.projectId}/read`)).status).toBe(404);
  });

  it('lets a member leave; they may apply again while the project is Open', async () => {
    const team = await world();
    await ok(call(team.bob, 'DELETE', `${TEAMS}/${team.projectId}/members/${team.bob.id}`), 204);
    expect(await statusOf(team.applications.bob, team.bob)).toEqual([]);
    const view = await ok(call<TeamView>(team.ada, 'GET', `${TEAMS}/${team.projectId}`), 200);
    expect(view.members.map((member) => member.userId)).toEqual([team.ada.id]);
    await ok(
      call(team.bob, 'POST', `${TABLES}/applications`, {
        project_id: team.projectId,
        message: 'Back?',
      }),
      201,
    );
  });

  it('counts each member’s unread messages from others since their last visit', async () => {
    const team = await world();
    const channel = `team:${team.projectId}`;
    const ada = await connectSocket(buildSocketUrl(server.baseUrl, team.ada.token));
    const bob = await connectSocket(buildSocketUrl(server.baseUrl, team.bob.token));
    const say = (socket: typeof ada, text: string) =>
      socket.call({ type: 'publish', channel, event: 'team.message', payload: { text } });
    const teamsOf = (who: Student) => ok(call<MyTeams>(who, 'GET', TEAMS), 200);

    await say(ada, 'one');
    await say(ada, 'two');
    await say(bob, 'mine');
    let bobs = await teamsOf(team.bob);
    expect(bobs.teams).toEqual([
      expect.objectContaining({ projectId: team.projectId, role: 'member', unread: 2 }),
    ]);
    expect(bobs.unread).toBe(2);
    expect((await teamsOf(team.ada)).teams).toEqual([
      expect.objectContaining({ projectId: team.projectId, role: 'owner', unread: 1 }),
    ]);

    await ok(call(team.bob, 'POST', `${TEAMS}/${team.projectId}/read`), 200);
    expect((await teamsOf(team.bob)).unread).toBe(0);
    await say(ada, 'three');
    bobs = await teamsOf(team.bob);
    expect(bobs.teams[0]?.unread).toBe(1);

    // Carol and Dan are on no team; a stranger cannot mark one read.
    expect(await teamsOf(team.carol)).toEqual({ teams: [], unread: 0 });
    expect((await call(team.carol, 'POST', `${TEAMS}/${team.projectId}/read`)).status).toBe(404);
  });

  it('needs a signed-in student', async () => {
    const anonymous = await request(server.baseUrl, 'GET', TEAMS);
    expect(anonymous.status).toBe(401);
    const otherProject = await request(server.baseUrl, 'GET', '/api/teams/elsewhere');
    expect(otherProject.status).toBe(404);
  });
});
