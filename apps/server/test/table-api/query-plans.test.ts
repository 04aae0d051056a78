import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedStudents } from '../helpers/accounts';
import { messageRow, profileRow, projectRow } from '../helpers/rows';
import { DIALECTS } from '../helpers/test-database';
import { request, startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Every query the app makes (docs/product.md §7.2's list, and the dashboard's counts) is sent
 * through the real API; each SQL statement the server ran for it is explained, and must be
 * served by an index: no full scan of a table, no sort that an index should have given.
 */
const operations: {
  name: string;
  method: string;
  path: string;
  body?: unknown;
  prefer?: string;
  /**
   * An `or` of equalities, read as the union of each branch's first page (read.ts and
   * query/candidates.ts): these indexes must serve the branches, and only the few candidates
   * are sorted.
   */
  candidates?: string[];
  /** Sorts the few rows of one student's teams or one team's members, which no index orders. */
  sortsFew?: boolean;
}[] = [
  {
    name: 'own profile (users where user_id, limit 1)',
    method: 'GET',
    path: 'users?user_id=eq.{ada}&limit=1',
  },
  {
    name: 'referrer lookup (users where referral_code, limit 1)',
    method: 'GET',
    path: 'users?referral_code=eq.bob123&limit=1',
  },
  {
    name: 'leaderboard (users where university, order referral_count desc, limit 100)',
    method: 'GET',
    path: 'users?university=eq.MIT&order=referral_count.desc,created_at.asc&limit=100',
  },
  {
    name: 'collaborators (users order created_at desc)',
    method: 'GET',
    path: 'users?order=created_at.desc&limit=20',
  },
  {
    name: 'collaborators on my campus with a search (users where university, order created_at desc)',
    method: 'GET',
    path: 'users?user_id=neq.{ada}&or=(name.ilike.*py*,skills.ilike.*py*,bio.ilike.*py*)&university=eq.MIT&order=created_at.desc&limit=12',
  },
  {
    name: 'collaborators nearby (users where university or city, order created_at desc)',
    method: 'GET',
    path: 'users?user_id=neq.{ada}&or=(university.eq.MIT,city.eq.Cambridge)&order=created_at.desc&limit=12',
    candidates: ['users_campus_recent_idx', 'users_city_recent_idx'],
  },
  {
    name: 'sender lookup (users where user_id in a page of senders)',
    method: 'GET',
    path: 'users?user_id=in.({bob},{ada})',
  },
  { name: 'profile by id', method: 'GET', path: 'users?id=eq.u_bob&limit=1' },
  {
    name: 'explore (projects where status Open order created_at desc)',
    method: 'GET',
    path: 'projects?status=eq.Open&order=created_at.desc&limit=20',
  },
  {
    name: 'explore on my campus with a search (projects where status, university, or ilike)',
    method: 'GET',
    path: 'projects?status=eq.Open&or=(title.ilike.*app*,description.ilike.*app*)&university=eq.MIT&order=created_at.desc&limit=12',
  },
  {
    name: 'explore nearby (projects where status Open, university or city)',
    method: 'GET',
    path: 'projects?status=eq.Open&or=(university.eq.MIT,city.eq.Cambridge)&order=created_at.desc&limit=12',
    candidates: ['projects_university_recent_idx', 'projects_city_recent_idx'],
  },
  {
    name: 'explore nearby, next page by cursor',
    method: 'GET',
    path: 'projects?status=eq.Open&or=(university.eq.MIT,city.eq.Cambridge)&order=created_at.desc&limit=1',
    prefer: 'follow-cursor',
    candidates: ['projects_university_recent_idx', 'projects_city_recent_idx'],
  },
  {
    name: 'explore, next page by cursor',
    method: 'GET',
    path: 'projects?status=eq.Open&order=created_at.desc&limit=1',
    prefer: 'follow-cursor',
  },
  {
    name: 'inbox (messages where recipient_id order created_at desc)',
    method: 'GET',
    path: 'messages?recipient_id=eq.{ada}&order=created_at.desc&limit=20',
  },
  {
    name: 'unread count',
    method: 'GET',
    path: 'messages?recipient_id=eq.{ada}&read_status=eq.0&limit=0',
    prefer: 'count=exact',
  },
  {
    name: 'dashboard: my active projects',
    method: 'GET',
    path: 'projects?posted_by_id=eq.{ada}&status=eq.Open&limit=0',
    prefer: 'count=exact',
  },
  {
    // Walking all open projects newest first for one student's took a quarter of a second at
    // 100,000 projects: the owner's own index must serve it, in order.
    name: "profile: a student's open projects (projects where posted_by_id, order created_at desc)",
    method: 'GET',
    path: 'projects?posted_by_id=eq.{ada}&status=eq.Open&order=created_at.desc,id.desc&limit=12',
    candidates: ['projects_owner_recent_idx'],
  },
  {
    name: 'dashboard: my pending applications',
    method: 'GET',
    path: 'applications?applicant_id=eq.{ada}&status=eq.Pending&limit=0',
    prefer: 'count=exact',
  },
  {
    name: 'applications to my project',
    method: 'GET',
    path: 'applications?project_id=eq.p1&order=created_at.desc',
  },
  {
    name: 'mark message read (update by id)',
    method: 'PATCH',
    path: 'messages?id=eq.m1',
    body: { read_status: 1 },
  },
  {
    name: 'update profile by id',
    method: 'PATCH',
    path: 'users?id=eq.u_ada',
    body: { bio: 'Hello' },
  },
  {
    name: 'apply (applications create)',
    method: 'POST',
    path: 'applications',
    body: { project_id: 'p2', message: 'I would like to join this project!' },
  },
  {
    name: 'send message (messages create)',
    method: 'POST',
    path: 'messages',
    body: { recipient_id: '{bob}', subject: 'Hi', message: 'Hello' },
  },
  { name: 'delete message by id', method: 'DELETE', path: 'messages?id=eq.m1' },
  {
    // A student owns or was accepted into: as an `or` with a subquery, PostgreSQL read every
    // project (and compiled the plan) on each request for the team space.
    name: 'team space: my teams with unread counts',
    method: 'GET',
    path: '/api/teams/campus',
    sortsFew: true,
  },
  { name: 'team space: the team', method: 'GET', path: '/api/teams/campus/p1', sortsFew: true },
];

/** The lines of a PostgreSQL plan node: its own line and its details, up to the next node. */
function nodeDetails(plan: string[], at: number): string[] {
  const next = plan.findIndex((line, index) => index > at && line.includes('->'));
  return plan.slice(at + 1, next === -1 ? undefined : next);
}

/**
 * A step of a plan that reads a whole table, or sorts what an index should have ordered. Reading
 * and sorting a union of first pages (`candidates`) is allowed where the operation says so, and
 * so is sorting a few rows of one student's teams (`sortsFew`). On PostgreSQL, an index walked from end
 * to end with no condition and no limit is a whole-table read too.
 */
function unindexedSteps(
  kind: string,
  plan: string[],
  { candidates, sortsFew }: { candidates: boolean; sortsFew: boolean },
): string[] {
  if (kind === 'sqlite') {
    return plan.filter((line) => {
      const step = line.trim();
      const sorts = /TEMP B-TREE/.test(step);
      if ((candidates || sortsFew) && sorts) return false;
      if (candidates && /^SCAN (candidates|branch_\d+)$/.test(step)) return false;
      return /^SCAN \w+$/.test(step) || sorts;
    });
  }
  const limited = plan.some((line) => /\bLimit\b/.test(line));
  return plan.filter((line, index) => {
    if (/Seq Scan/.test(line)) return true;
    const walksIndex = /\bIndex (Only )?Scan\b/.test(line) && !/Bitmap/.test(line);
    const conditioned = nodeDetails(plan, index).some((detail) => /Index Cond/.test(detail));
    return walksIndex && !conditioned && !limited;
  });
}

describe.each(DIALECTS)('query plans on %s', (kind) => {
  let server: TestApp;
  const recorded: CompiledQuery[] = [];
  let recording = false;
  const ids: Record<string, string> = {};
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestApp(
      kind,
      {},
      { onQuery: (query) => recording && recorded.push(query) },
    );
    const students = await createVerifiedStudents(server.baseUrl, ['ada', 'bob']);
    Object.assign(ids, students.ids);
    Object.assign(tokens, students.tokens);
    const db = server.database.db;
    await db
      .insertInto('users')
      .values([profileRow('ada', ids.ada!), profileRow('bob', ids.bob!)])
      .execute();
    await db
      .insertInto('projects')
      .values([
        projectRow('p1', ids.ada!),
        projectRow('p2', ids.bob!, { university: 'MIT' }),
        projectRow('p3', ids.bob!, { city: 'Cambridge' }),
      ])
      .execute();
    await db
      .insertInto('messages')
      .values(messageRow('m1', ids.bob!, ids.ada!))
      .execute();
  });
  afterAll(() => server.close());

  it.each(operations)('$name uses an index', async (operation) => {
    const fill = (text: string) => text.replace(/\{(ada|bob)\}/g, (_, name: string) => ids[name]!);
    // A path of its own (from /api) or one of the table API's.
    const url = operation.path.startsWith('/')
      ? fill(operation.path)
      : `/api/db/campus/rest/v1/${fill(operation.path)}`;
    const body = operation.body ? JSON.parse(fill(JSON.stringify(operation.body))) : undefined;
    const send = (path: string, prefer?: string) =>
      request(server.baseUrl, operation.method, path, {
        body,
        token: tokens.ada,
        headers: prefer ? { prefer } : {},
      });

    recorded.length = 0;
    recording = true;
    if (operation.prefer === 'follow-cursor') {
      const first = await send(url);
      expect(first.status).toBe(200);
      const cursor = first.headers.get('x-next-cursor');
      expect(cursor).toBeTruthy();
      recorded.length = 0;
      expect((await send(`${url}&cursor=${cursor}`)).status).toBe(200);
    } else {
      const response = await send(url, operation.prefer);
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
    }
    recording = false;

    const statements = recorded.filter((query) =>
      /^\s*(select|update|delete|insert)/i.test(query.sql),
    );
    expect(statements.length).toBeGreaterThan(0);
    for (const statement of statements) {
      // Inserts have no plan worth reading; their lookups (SELECTs) are checked one by one.
      if (/^\s*insert/i.test(statement.sql)) continue;
      const plan = await server.database.explain(statement, { indexesOnly: true });
      const described = `${statement.sql}\n${plan.join('\n')}`;
      const allowed = {
        candidates: Boolean(operation.candidates),
        sortsFew: Boolean(operation.sortsFew),
      };
      expect(unindexedSteps(kind, plan, allowed), described).toEqual([]);
      for (const index of operation.candidates ?? []) {
        expect(plan.join('\n'), described).toContain(index);
      }
    }
  });
});
