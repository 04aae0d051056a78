import { sql } from 'kysely';
import type { DatabaseHandle } from '@campuscollab/server/testing';

/** Who the benchmark acts as and what it asks for, read from the seeded database. */
export interface BenchWorld {
  student: { accountId: string; email: string; university: string; token: string };
  /** A student of the smallest campus, for the "nearby" lists (my campus or my city). */
  smallCampus: { accountId: string; university: string; city: string; token: string };
  /** Another seeded student, to send messages to. */
  recipientId: string;
  /**
   * The oldest student whose inbox holds more than a page (INBOX_PAGE): its first page is full
   * and carries a next-page cursor at every size, so the inbox's growth compares answers alike.
   * At 1,000 rows no student of the biggest campus has that many messages.
   */
  inboxReader: { accountId: string; token: string };
  /** One of the student's own skills, typed into Find Collaborators' search box. */
  skillSearch: string;
  /** Unspent refresh tokens; the refresh scenario takes one per request and returns its successor. */
  refreshTokens: string[];
  /**
   * (applicant token, project) pairs never applied to, one per apply request, the next one
   * last: taking it is a pop. A shift moves every pair left, and over the hundreds of thousands
   * of pairs of the 100,000-row world it held the load generator's thread, not the server.
   */
  applications: { token: string; projectId: string }[];
  /** Someone else's Open project, as opened from Explore, and its poster (the profile page). */
  project: { id: string; posterId: string };
  /** A project one of the signed-in students owns, its team chat holding a page of history. */
  team: { projectId: string; token: string };
}

/** The inbox's page (features/messages/api/list-inbox-messages.ts). */
export const INBOX_PAGE = 20;

/** Messages put in the team chat before measuring, so its history read returns a full page. */
const TEAM_HISTORY = 100;

/**
 * Students who apply. Each (project, student) pair can be applied for once, and at 1,000 rows
 * there are about 700 open projects: 50 students gave 35,000 pairs, which apply at 2,000 req/s
 * used up in its second of three runs (the rest answered 401 for the spent pool's stand-in).
 */
const APPLICANTS = 200;
/** The first of them also hold the refresh pool's sign-ins, one per connection. */
const REFRESHING_APPLICANTS = 50;
const PROJECTS_TO_APPLY_TO = 2000;

async function signIn(baseUrl: string, email: string, password: string) {
  const response = await fetch(`${baseUrl}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status}`);
  return (await response.json()) as { access_token: string; refresh_token: string };
}

/**
 * Picks the first student (oldest profile) of the biggest campus whose inbox fills a page and
 * who owns an open project, so the unread, dashboard and recommended-people paths read
 * real rows (people are recommended for an open project's missing skills; without one the route
 * answers an empty list at once), yet the pick does not drift to an outlier as the tables grow.
 * The biggest campus is where the load is, and the one whose lists fill a page at both sizes:
 * growth then compares answers of the same length, not a short page with a full one.
 */
async function pickStudent(database: DatabaseHandle) {
  const { db } = database;
  const campus = await db
    .selectFrom('users')
    .select('university')
    .groupBy('university')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('university')
    .executeTakeFirst();
  if (!campus) throw new Error('the seeded database has no student with a profile');
  const base = db
    .selectFrom('users')
    .innerJoin('auth_accounts', 'auth_accounts.id', 'users.user_id')
    .select(['users.user_id', 'users.university', 'users.skills', 'auth_accounts.email'])
    .where('users.university', '=', campus.university)
    .orderBy('users.created_at');
  const inbox = sql<number>`(select count(*) from messages where recipient_id = users.user_id)`;
  const ownsOpenProject = sql<boolean>`exists (select 1 from projects
    where projects.posted_by_id = users.user_id and projects.status = 'Open')`;
  const withMail = base.where(inbox, '>=', INBOX_PAGE);
  const student =
    (await withMail.where(ownsOpenProject).executeTakeFirst()) ??
    (await withMail.executeTakeFirst()) ??
    (await base.executeTakeFirst());
  if (!student) throw new Error('the seeded database has no student with a profile');
  return student;
}

/** The oldest student who has received more than a page of messages. */
async function pickInboxReader(database: DatabaseHandle) {
  const received = sql<number>`(select count(*) from messages where recipient_id = users.user_id)`;
  const reader = await database.db
    .selectFrom('users')
    .innerJoin('auth_accounts', 'auth_accounts.id', 'users.user_id')
    .select(['users.user_id', 'auth_accounts.email'])
    .where(received, '>', INBOX_PAGE)
    .orderBy('users.created_at')
    .executeTakeFirst();
  if (!reader) throw new Error(`no seeded student has more than ${INBOX_PAGE} messages`);
  return reader;
}

/**
 * The first student (oldest profile) of the smallest campus, among students who gave a city.
 * There "my campus or my city" matches few rows, which is where reading that `or` by one index
 * walked most of the table (apps/server modules/table-api/query/candidates.ts).
 */
async function pickSmallCampusStudent(database: DatabaseHandle) {
  const { db } = database;
  const campus = await db
    .selectFrom('users')
    .select('university')
    .where('city', 'is not', null)
    .groupBy('university')
    .orderBy(sql`count(*)`)
    .orderBy('university')
    .executeTakeFirst();
  if (!campus) throw new Error('the seeded database has no student with a city');
  const student = await db
    .selectFrom('users')
    .innerJoin('auth_accounts', 'auth_accounts.id', 'users.user_id')
    .select(['users.user_id', 'users.university', 'users.city', 'auth_accounts.email'])
    .where('users.university', '=', campus.university)
    .where('users.city', 'is not', null)
    .orderBy('users.created_at')
    .executeTakeFirstOrThrow();
  return { ...student, city: student.city! };
}

/**
 * Reads the world from the database and signs students in over HTTP for their tokens. Loaded
 * again for fresh tokens (`renewing`), it finds the same students and team, whose chat already
 * holds its history.
 */
export async function loadWorld(
  database: DatabaseHandle,
  baseUrl: string,
  password: string,
  /** How many autocannon runs each scenario gets (warm-ups included). */
  runs = 2,
  renewing = false,
): Promise<BenchWorld> {
  // Each run can strand one token per connection (built, never answered), and 50 applicants
  // serve the 50 connections: one sign-in each per run, and one to measure with, for the refresh
  // pool. Every applicant has one more, whose access token applies.
  const refreshSignIns = runs + 1;
  const { db } = database;
  const student = await pickStudent(database);
  const applicants = await db
    .selectFrom('users')
    .innerJoin('auth_accounts', 'auth_accounts.id', 'users.user_id')
    .select(['users.user_id', 'auth_accounts.email'])
    .where('users.user_id', '<>', student.user_id)
    .orderBy('users.created_at')
    .limit(APPLICANTS)
    .execute();
  const recipient = applicants[0];
  if (!recipient) throw new Error('the seeded database has only one student');

  const inboxReader = await pickInboxReader(database);
  const inboxSession = await signIn(baseUrl, inboxReader.email, password);
  const skills = JSON.parse(student.skills) as string[];

  const mainSession = await signIn(baseUrl, student.email, password);
  const small = await pickSmallCampusStudent(database);
  const smallSession = await signIn(baseUrl, small.email, password);
  // The refresh path rotates the pool's tokens; a token presented twice (a request sent again)
  // ends its sign-in as a stolen one would. So the pool holds sign-ins of its own, never one
  // whose access token another path uses: that path would answer 401 from then on (it did, for
  // applies after a refresh measured three times).
  const refreshTokens = [(await signIn(baseUrl, student.email, password)).refresh_token];
  const tokens = new Map<string, string>();
  for (const [index, applicant] of applicants.entries()) {
    tokens.set(applicant.user_id, (await signIn(baseUrl, applicant.email, password)).access_token);
    if (index >= REFRESHING_APPLICANTS) continue;
    for (let round = 0; round < refreshSignIns; round += 1) {
      refreshTokens.push((await signIn(baseUrl, applicant.email, password)).refresh_token);
    }
  }

  const projects = await db
    .selectFrom('projects')
    .select(['id', 'posted_by_id'])
    .where('status', '=', 'Open')
    .orderBy('created_at', 'desc')
    .limit(PROJECTS_TO_APPLY_TO)
    .execute();
  const applied = await db
    .selectFrom('applications')
    .select(['project_id', 'applicant_id'])
    .where('applicant_id', 'in', [...tokens.keys()])
    .execute();
  const taken = new Set(applied.map((row) => `${row.project_id}|${row.applicant_id}`));
  const applications: BenchWorld['applications'] = [];
  // Project by project, applicant by applicant: neighbouring requests touch different rows.
  for (const project of projects) {
    for (const [applicantId, token] of tokens) {
      if (project.posted_by_id === applicantId) continue;
      if (!taken.has(`${project.id}|${applicantId}`))
        applications.push({ token, projectId: project.id });
    }
  }
  applications.reverse();

  const project = await db
    .selectFrom('projects')
    .select(['id', 'posted_by_id'])
    .where('status', '=', 'Open')
    .where('university', '=', student.university)
    .where('posted_by_id', '<>', student.user_id)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const team = await pickTeam(
    database,
    new Map([[student.user_id, mainSession.access_token], ...tokens]),
  );
  if (!renewing) await fillTeamChat(baseUrl, team);

  return {
    student: {
      accountId: student.user_id,
      email: student.email,
      university: student.university,
      token: mainSession.access_token,
    },
    smallCampus: {
      accountId: small.user_id,
      university: small.university,
      city: small.city,
      token: smallSession.access_token,
    },
    recipientId: recipient.user_id,
    inboxReader: { accountId: inboxReader.user_id, token: inboxSession.access_token },
    skillSearch: skills[0] ?? 'React',
    refreshTokens,
    applications,
    project: { id: project.id, posterId: project.posted_by_id },
    team,
  };
}

/** The newest project owned by a student the bench holds a token for: its owner opens its space. */
async function pickTeam(database: DatabaseHandle, tokens: Map<string, string>) {
  const owned = await database.db
    .selectFrom('projects')
    .select(['id', 'posted_by_id'])
    .where('posted_by_id', 'in', [...tokens.keys()])
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!owned) throw new Error('none of the signed-in students owns a project');
  return { projectId: owned.id, token: tokens.get(owned.posted_by_id)! };
}

/** Team chat messages are realtime history (docs/realtime-protocol.md), posted over HTTP here. */
async function fillTeamChat(baseUrl: string, team: BenchWorld['team']) {
  for (let index = 0; index < TEAM_HISTORY; index += 1) {
    const response = await fetch(`${baseUrl}/api/realtime/campus/publish`, {
      method: 'POST',
      headers: { authorization: `Bearer ${team.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        channel: `team:${team.projectId}`,
        event: 'team.message',
        payload: { text: `Team update ${index + 1}` },
      }),
    });
    if (!response.ok) throw new Error(`team chat post failed: ${response.status}`);
  }
}
