import { beforeEach, describe, expect, it } from 'vitest';
import { createAuthServer, createTestClient, storeTokens } from '../../test/helpers/auth-server';
import { jsonResponse } from '../../test/helpers/fake-server';
import { createSharedStorage } from '../../test/helpers/memory-storage';

const REST = '/api/db/campus/rest/v1';

async function signedIn() {
  const auth = createAuthServer();
  const storage = createSharedStorage();
  const tokens = auth.issue();
  storeTokens(storage, tokens);
  const { client } = createTestClient(auth, { storage });
  await client.auth.ready;
  return { auth, tokens, client };
}

describe('tables', () => {
  let setup: Awaited<ReturnType<typeof signedIn>>;
  beforeEach(async () => {
    setup = await signedIn();
  });

  it('lists with snake_case names on the wire and camelCase results', async () => {
    const { auth, client, tokens } = setup;
    auth.server.on('GET', `${REST}/users`, () =>
      jsonResponse(200, [{ id: 'user_1', user_id: 'a1', referral_count: 3, skills: '["Go"]' }], {
        'content-range': '0-0/7',
        'x-next-cursor': 'cursor-2',
      }),
    );

    const result = await client.tables.from('users').list({
      where: {
        university: 'MIT',
        referredBy: null,
        role: ['Student', 'Mentor'],
        referralCount: { gte: 1 },
      },
      order: [{ column: 'referralCount', ascending: false }, { column: 'createdAt' }],
      limit: 1,
      count: true,
    });

    expect(result).toEqual({
      data: [{ id: 'user_1', userId: 'a1', referralCount: 3, skills: '["Go"]' }],
      error: null,
      count: 7,
      nextCursor: 'cursor-2',
    });
    const [request] = auth.server.calls('GET', `${REST}/users`);
    const query = request!.url.searchParams;
    expect(query.get('select')).toBe('*');
    expect(query.get('university')).toBe('eq.MIT');
    expect(query.get('referred_by')).toBe('is.null');
    expect(query.get('role')).toBe('in.(Student,Mentor)');
    expect(query.get('referral_count')).toBe('gte.1');
    expect(query.get('order')).toBe('referral_count.desc,created_at.asc');
    expect(query.get('limit')).toBe('1');
    expect(request!.headers.get('prefer')).toContain('count=exact');
    expect(request!.headers.get('authorization')).toBe(`Bearer ${tokens.access_token}`);
  });

  it('takes a filter builder, offsets and passes the cursor back', async () => {
    const { auth, client } = setup;
    auth.server.on('GET', `${REST}/projects`, () => jsonResponse(200, []));

    await client.tables.from('projects').list({
      where: (filter) =>
        filter.eq('postedById', 'a1').ilike('title', '*robot*').notIn('status', ['Closed', 'a,b']),
      order: [{ column: 'createdAt', ascending: false }],
      offset: 20,
      limit: 10,
      cursor: 'opaque-cursor',
      columns: ['id', 'skillsNeeded'],
    });

    const query = auth.server.calls('GET', `${REST}/projects`)[0]!.url.searchParams;
    expect(query.get('posted_by_id')).toBe('eq.a1');
    expect(query.get('title')).toBe('ilike.*robot*');
    expect(query.get('status')).toBe('not.in.(Closed,"a,b")');
    expect(query.get('select')).toBe('id,skills_needed');
    expect(query.get('offset')).toBe('20');
    expect(query.get('limit')).toBe('10');
    expect(query.get('cursor')).toBe('opaque-cursor');
  });

  it('gives new projects, applications and messages a random id, but never users', async () => {
    const { auth, client } = setup;
    for (const table of ['projects', 'messages', 'users']) {
      auth.server.on('POST', `${REST}/${table}`, (request) => jsonResponse(201, [request.body]));
    }

    const project = await client.tables
      .from('projects')
      .create({ title: 'Robots', skillsNeeded: ['Go'] });
    const message = await client.tables
      .from('messages')
      .create({ recipientId: 'b', subject: 's', message: 'm' });
    const profile = await client.tables
      .from('users')
      .create({ name: 'Ada', university: 'MIT', role: 'Student' });
    const kept = await client.tables.from('projects').create({ id: 'mine', title: 'Mine' });

    expect(project.data?.id).toMatch(/^project_\d{13}[0-9a-f]{8}$/);
    expect(project.data?.skillsNeeded).toEqual(['Go']);
    expect(message.data?.id).toMatch(/^msg_\d{13}[0-9a-f]{8}$/);
    expect(profile.data).toEqual({ name: 'Ada', university: 'MIT', role: 'Student' });
    expect(kept.data?.id).toBe('mine');
    const sent = auth.server.calls('POST', `${REST}/messages`)[0]!;
    expect(sent.body).toMatchObject({ recipient_id: 'b' });
    expect(sent.headers.get('prefer')).toContain('return=representation');
  });

  it('gets, updates and deletes by id', async () => {
    const { auth, client } = setup;
    auth.server.on('GET', `${REST}/messages`, () =>
      jsonResponse(200, [{ id: 'msg_1', read_status: 0 }]),
    );
    auth.server.on('PATCH', `${REST}/messages`, () =>
      jsonResponse(200, [{ id: 'msg_1', read_status: 1 }]),
    );
    auth.server.on('DELETE', `${REST}/messages`, () => jsonResponse(200, []));

    expect((await client.tables.from('messages').get('msg_1')).data).toEqual({
      id: 'msg_1',
      readStatus: 0,
    });
    expect((await client.tables.from('messages').update('msg_1', { readStatus: 1 })).data).toEqual({
      id: 'msg_1',
      readStatus: 1,
    });
    expect(await client.tables.from('messages').delete('msg_1')).toEqual({
      data: null,
      error: null,
    });

    const patch = auth.server.calls('PATCH', `${REST}/messages`)[0]!;
    expect(patch.url.searchParams.get('id')).toBe('eq.msg_1');
    expect(patch.body).toEqual({ read_status: 1 });
  });

  it('maps failures to SdkError kinds, keeping the PostgREST code', async () => {
    const { auth, client } = setup;
    auth.server.on('POST', `${REST}/applications`, () =>
      jsonResponse(409, {
        code: '23505',
        message: 'You have already applied to this project',
        details: 'Key',
        hint: null,
      }),
    );
    auth.server.on('GET', `${REST}/applications`, () =>
      jsonResponse(400, { code: 'PGRST100', message: 'Invalid cursor', details: null, hint: null }),
    );
    auth.server.on('DELETE', `${REST}/applications`, () =>
      Promise.reject(new TypeError('fetch failed')),
    );

    const conflict = await client.tables
      .from('applications')
      .create({ projectId: 'p', message: 'hi' });
    const bad = await client.tables.from('applications').list({ cursor: 'x' });
    const offline = await client.tables.from('applications').delete('a');

    expect(conflict.error).toMatchObject({ kind: 'DATABASE_ERROR', status: 409, code: '23505' });
    expect(conflict.error?.message).toBe('You have already applied to this project');
    expect(bad).toMatchObject({ data: null, count: null, nextCursor: null });
    expect(bad.error).toMatchObject({ kind: 'VALIDATION_ERROR', status: 400, code: 'PGRST100' });
    expect(offline.error).toMatchObject({
      kind: 'NETWORK_ERROR',
      status: 0,
      message: 'Network request failed',
    });
  });

  it('reports a signed-out query as AUTH_ERROR', async () => {
    const { client } = setup;
    await client.auth.logout();
    const result = await client.tables.from('projects').list();
    expect(result.error).toMatchObject({
      kind: 'AUTH_ERROR',
      status: 401,
      message: 'No access token available',
    });
  });

  it('exposes the raw postgrest-js client with the token', async () => {
    const { auth, client, tokens } = setup;
    auth.server.on('GET', `${REST}/projects`, () => jsonResponse(200, [{ posted_by: 'x' }]));
    const { data } = await client.db.from('projects').select('posted_by').eq('status', 'Open');
    expect(data).toEqual([{ posted_by: 'x' }]);
    expect(auth.server.calls('GET', `${REST}/projects`)[0]!.headers.get('authorization')).toBe(
      `Bearer ${tokens.access_token}`,
    );
  });
});
