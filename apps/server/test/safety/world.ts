import { createVerifiedStudents } from '../helpers/accounts';
import { messageRow, profileRow, projectRow } from '../helpers/rows';
import { request, type TestApp } from '../helpers/test-app';

export const REST = '/api/db/campus/rest/v1';
export const SAFETY = '/api/safety/campus';

export type Student = 'ada' | 'ben' | 'cy';

/**
 * Three students with profiles, one Open project each (p_<name>) and messages between ada and
 * ben both ways; rows written straight into the database, the API exercised afterwards.
 */
export async function createSafetyWorld(server: TestApp) {
  const { ids, tokens } = await createVerifiedStudents(server.baseUrl, ['ada', 'ben', 'cy']);
  const db = server.database.db;
  for (const name of ['ada', 'ben', 'cy'] as const) {
    await db.insertInto('users').values(profileRow(name, ids[name])).execute();
    await db
      .insertInto('projects')
      .values(projectRow(`p_${name}`, ids[name], { status: 'Open' }))
      .execute();
  }
  await db
    .insertInto('messages')
    .values(messageRow('m_ben_to_ada', ids.ben, ids.ada))
    .execute();
  await db
    .insertInto('messages')
    .values(messageRow('m_ada_to_ben', ids.ada, ids.ben))
    .execute();
  await db
    .insertInto('messages')
    .values(messageRow('m_cy_to_ada', ids.cy, ids.ada))
    .execute();
  const as = (name: Student) => ({
    get: <T = Record<string, unknown>[]>(path: string) =>
      request<T>(server.baseUrl, 'GET', path, { token: tokens[name] }),
    post: <T = Record<string, unknown>>(path: string, body: unknown) =>
      request<T>(server.baseUrl, 'POST', path, {
        token: tokens[name],
        body,
        headers: { prefer: 'return=representation' },
      }),
    patch: (path: string, body: unknown) =>
      request(server.baseUrl, 'PATCH', path, {
        token: tokens[name],
        body,
        headers: { prefer: 'return=representation' },
      }),
    delete: <T = Record<string, unknown>[]>(path: string) =>
      request<T>(server.baseUrl, 'DELETE', path, {
        token: tokens[name],
        headers: { prefer: 'return=representation' },
      }),
  });
  return { ids, tokens, as };
}

/** The ids of the rows a list answered. */
export const idsOf = (rows: unknown, column = 'id') =>
  (rows as Record<string, unknown>[]).map((row) => row[column]).sort();
