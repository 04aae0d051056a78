import { LEADERBOARD_SIZE, projectsTable } from '@campuscollab/shared';
import { get, quote, REST, toQuery, type Scenario } from './scenario-kit';
import { INBOX_PAGE } from './world';

// Owner-only columns read as NULL on other people's rows (apps/server modules/table-api/query), so the
// baseline returns the same keys without the CASE.
export const USER_COLUMNS = `id, user_id, name, null as email, university, city, role, skills, interests,
  referral_code, null as referred_by, referral_count, bio, profile_picture, instagram_handle,
  linkedin_url, contact_email, portfolio_link, null as email_notifications,
  null as project_notifications, null as collaboration_notifications, created_at, updated_at,
  hidden_at`;

// Every column the table API shows of a project: a database may keep more on the row (derived
// ones, which no client reads), and the baseline must read as much as the app, no more.
export const PROJECT_COLUMNS = Object.keys(projectsTable.columns).join(', ');

// The columns the leaderboard page asks for (ENTRY_COLUMNS in list-campus-leaderboard.ts).
const LEADERBOARD_COLUMNS = 'id,user_id,name,profile_picture,skills,referral_count';

type Pairs = [string, string][];
const OPEN: Pairs = [
  ['select', '*'],
  ['status', 'eq.Open'],
];
const NEWEST_12: Pairs = [
  ['order', 'created_at.desc'],
  ['limit', '12'],
];

/** My university (the lists' "My university" choice), or every campus (their default). */
export type Scope = 'campus' | 'all';

const campusFilter = (scope: Scope, university: string): Pairs =>
  scope === 'campus' ? [['university', `eq.${university}`]] : [];
const campusSql = (scope: Scope) => (scope === 'campus' ? 'and university = ?' : '');
const campusParam = (scope: Scope, university: string) => (scope === 'campus' ? [university] : []);
const named = (name: string, scope: Scope) => (scope === 'all' ? `${name}, all campuses` : name);

export const exploreFirstPage = (scope: Scope): Scenario => ({
  name: named('explore first page', scope),
  source: `features/projects/api/list-open-projects.ts (scope "${scope === 'all' ? 'all' : 'university'}")`,
  build: (w) =>
    get(
      `${REST}/projects?${toQuery([...OPEN, ...campusFilter(scope, w.student.university), ...NEWEST_12])}`,
      w.student.token,
    ),
  baseline: {
    sql: `select ${PROJECT_COLUMNS} from projects where status = 'Open' ${campusSql(scope)}
          order by created_at desc, id desc limit 12`,
    params: (w) => campusParam(scope, w.student.university),
  },
});

/** A word no seeded project holds: the search finds nothing, after ruling out every project. */
export const UNMATCHED_WORD = 'zephyrine';

/**
 * A word about one seeded project in eight holds (a title's "… community in Boston"), at every
 * size: on the biggest campus 23 of 164 open projects at 1,000 rows, 2,474 of 19,713 at 100,000.
 * The same word at every size, filling a page at the smallest, so growth compares one search
 * with itself. The word of the campus's newest title, used before, was a different word at each
 * size, and at 1,000 rows it found 6 projects: a short page against a full one.
 */
export const MATCHED_WORD = 'community';

/** Explore's search box with a word many projects hold, or with one no project holds. */
export const exploreSearch = (scope: Scope, unmatched = false): Scenario => {
  const word = unmatched ? UNMATCHED_WORD : MATCHED_WORD;
  return {
    name: named(unmatched ? 'explore search, no match' : 'explore search', scope),
    source: 'features/projects/api/list-open-projects.ts (search box)',
    answersNoRows: unmatched,
    build: (w) => {
      const pattern = quote(`*${word}*`);
      const filters: Pairs = [
        ...OPEN,
        ['or', `(title.ilike.${pattern},description.ilike.${pattern})`],
        ...campusFilter(scope, w.student.university),
        ...NEWEST_12,
      ];
      return get(`${REST}/projects?${toQuery(filters)}`, w.student.token);
    },
    baseline: {
      sql: `select ${PROJECT_COLUMNS} from projects
          where status = 'Open' and (title ILIKE ? or description ILIKE ?)
          ${campusSql(scope)} order by created_at desc, id desc limit 12`,
      params: (w) => {
        const like = `%${word}%`;
        return [like, like, ...campusParam(scope, w.student.university)];
      },
    },
  };
};

export const collaboratorsSearch = (scope: Scope): Scenario => ({
  name: named(scope === 'all' ? 'collaborators search' : 'collaborators skill search', scope),
  source: 'features/collaborators/api/list-collaborators.ts (all roles)',
  build: (w) => {
    const pattern = quote(`*${w.skillSearch}*`);
    const filters: Pairs = [
      ['select', '*'],
      ['user_id', `neq.${w.student.accountId}`],
      ['or', `(name.ilike.${pattern},skills.ilike.${pattern},bio.ilike.${pattern})`],
      ...campusFilter(scope, w.student.university),
      ...NEWEST_12,
    ];
    return get(`${REST}/users?${toQuery(filters)}`, w.student.token);
  },
  baseline: {
    sql: `select ${USER_COLUMNS} from users where user_id <> ?
          and (name ILIKE ? or skills ILIKE ? or bio ILIKE ?) ${campusSql(scope)}
          order by created_at desc, id desc limit 12`,
    params: (w) => {
      const like = `%${w.skillSearch}%`;
      return [w.student.accountId, like, like, like, ...campusParam(scope, w.student.university)];
    },
  },
});

/** The reads a signed-in student's pages make first; each has a bare baseline. */
export const READ_SCENARIOS: Scenario[] = [
  exploreFirstPage('campus'),
  exploreSearch('campus'),
  collaboratorsSearch('campus'),
  {
    name: 'leaderboard',
    source: 'features/leaderboard/api/list-campus-leaderboard.ts (the columns the page shows)',
    build: (w) => {
      const filters: Pairs = [
        ['select', LEADERBOARD_COLUMNS],
        ['university', `eq.${w.student.university}`],
        ['order', 'referral_count.desc,created_at.asc'],
        ['limit', String(LEADERBOARD_SIZE)],
      ];
      return get(`${REST}/users?${toQuery(filters)}`, w.student.token);
    },
    baseline: {
      sql: `select ${LEADERBOARD_COLUMNS} from users where university = ?
            order by referral_count desc, created_at asc limit ${LEADERBOARD_SIZE}`,
      params: (w) => [w.student.university],
    },
  },
  {
    name: 'inbox first page',
    source:
      'features/messages/api/list-inbox-messages.ts (its follow-up users lookup is not measured)',
    build: (w) => {
      const filters: Pairs = [
        ['select', '*'],
        ['recipient_id', `eq.${w.inboxReader.accountId}`],
        ['order', 'created_at.desc'],
        ['limit', String(INBOX_PAGE)],
      ];
      return get(`${REST}/messages?${toQuery(filters)}`, w.inboxReader.token, true);
    },
    baseline: {
      sql: `select * from messages where recipient_id = ? order by created_at desc, id desc limit ${INBOX_PAGE}`,
      countSql: `select count(*) as count from messages where recipient_id = ?`,
      params: (w) => [w.inboxReader.accountId],
    },
  },
  {
    name: 'count own open projects',
    source: 'features/projects/api/count-own-open-projects.ts (dashboard)',
    build: (w) => {
      const filters: Pairs = [
        ['select', '*'],
        ['posted_by_id', `eq.${w.student.accountId}`],
        ['status', 'eq.Open'],
        ['limit', '0'],
      ];
      return get(`${REST}/projects?${toQuery(filters)}`, w.student.token, true);
    },
    baseline: {
      countSql: `select count(*) as count from projects where posted_by_id = ? and status = 'Open'`,
      params: (w) => [w.student.accountId],
    },
  },
  {
    name: 'count pending applications',
    source: 'features/applications/api/count-pending-applications.ts (dashboard)',
    build: (w) => {
      const filters: Pairs = [
        ['select', '*'],
        ['applicant_id', `eq.${w.student.accountId}`],
        ['status', 'eq.Pending'],
        ['limit', '0'],
      ];
      return get(`${REST}/applications?${toQuery(filters)}`, w.student.token, true);
    },
    baseline: {
      countSql: `select count(*) as count from applications
                 where applicant_id = ? and status = 'Pending'`,
      params: (w) => [w.student.accountId],
    },
  },
  {
    name: 'count unread messages',
    source: 'features/messages/api/count-unread-messages.ts (dashboard, navigation badge)',
    build: (w) => {
      const filters: Pairs = [
        ['select', '*'],
        ['recipient_id', `eq.${w.student.accountId}`],
        ['read_status', 'eq.0'],
        ['limit', '0'],
      ];
      return get(`${REST}/messages?${toQuery(filters)}`, w.student.token, true);
    },
    baseline: {
      countSql: `select count(*) as count from messages where recipient_id = ? and read_status = 0`,
      params: (w) => [w.student.accountId],
    },
  },
  {
    name: 'GET /api/auth/me',
    kind: 'session',
    source: 'packages/sdk auth session (every page load)',
    build: (w) => get('/api/auth/me', w.student.token),
    baseline: {
      sql: `select id, email, display_name as "displayName",
            email_verified_at is not null as "emailVerified", created_at as "createdAt"
            from auth_accounts where id = ?`,
      params: (w) => [w.student.accountId],
      singleKey: 'user',
    },
  },
];
