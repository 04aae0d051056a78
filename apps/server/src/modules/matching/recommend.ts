import { sql, type SelectQueryBuilder } from 'kysely';
import { defineQuery } from '../../db/compiled-queries/define-query';
import type { DatabaseHandle } from '../../db/dialects/types';
import type { RequestUser } from '../../plugins/authentication';
import { dynamicDb } from '../table-api/table-request';
import { projectsPolicy } from '../table-api/tables/projects';
import type { Row, TablePolicy } from '../table-api/tables/types';
import { usersPolicy } from '../table-api/tables/users';
import { MATCH_OFFSET_MAX, type MatchQuery } from './match-query';
import { closenessOrder, contains, inListOrder, inScope, type Me } from './scope';

/** One recommended row as the table API would show it, and the skills that made it match. */
export type Recommendation = Row & { matches: string[] };

export interface RecommendationPage {
  items: Recommendation[];
  /** The offset of the next page, or null at the end (or past the last page allowed). */
  nextOffset: number | null;
}

/** The columns everyone may read: owner-only ones (a profile's email) never leave. */
const publicColumns = (policy: TablePolicy) =>
  Object.entries(policy.columns)
    .filter(([, rule]) => !rule.ownerOnly)
    .map(([name]) => `${policy.name}.${name}`);

/** The recommending student's profile: by account, one row or none. */
const myProfileQuery = defineQuery((db, [accountId]: [string]) =>
  db.selectFrom('users').select(['id', 'university', 'city']).where('user_id', '=', accountId),
);

export async function findMe(database: DatabaseHandle, user: RequestUser): Promise<Me> {
  const [profile] = await database.compiledQueries.rows(myProfileQuery, [user.id]);
  return {
    accountId: user.id,
    profileId: profile?.id ?? null,
    university: profile?.university ?? null,
    city: profile?.city ?? null,
  };
}

/**
 * My tags: skills and interests both say what I would like to work on. Read first, as a list:
 * the ranking then looks each candidate's tags up by primary key, where SQLite would plan a
 * subquery in their place as an index built over every tag row.
 */
const myTagsQuery = defineQuery((db, [profileId]: [string]) =>
  db
    .selectFrom('profile_tags')
    .select('profile_tags.tag')
    .distinct()
    .where('profile_tags.profile_id', '=', profileId),
);

/** The gaps of my open projects: skills they need that I do not have myself. */
const myGapsQuery = defineQuery((db, [accountId, profileId]: [string, string]) =>
  db
    .selectFrom('project_tags')
    .innerJoin('projects', 'projects.id', 'project_tags.project_id')
    .select('project_tags.tag')
    .distinct()
    .where('projects.posted_by_id', '=', accountId)
    .where('projects.status', '=', 'Open')
    .where(
      'project_tags.tag',
      'not in',
      db
        .selectFrom('profile_tags')
        .select('profile_tags.tag')
        .where('profile_tags.profile_id', '=', profileId)
        .where('profile_tags.kind', '=', 'skill'),
    ),
);

// Both lists are compiled once (db/compiled-queries/): every recommendation reads them first.
async function myTags(database: DatabaseHandle, me: Me): Promise<string[]> {
  if (me.profileId === null) return [];
  const rows = await database.compiledQueries.rows(myTagsQuery, [me.profileId]);
  return rows.map((row) => String(row.tag));
}

async function myGaps(database: DatabaseHandle, me: Me): Promise<string[]> {
  const rows = await database.compiledQueries.rows(myGapsQuery, [me.accountId, me.profileId ?? '']);
  return rows.map((row) => String(row.tag));
}

const NOTHING: RecommendationPage = { items: [], nextOffset: null };

function page(rows: Row[], query: MatchQuery): { rows: Row[]; nextOffset: number | null } {
  const more = rows.length > query.limit;
  const next = query.offset + query.limit;
  return {
    rows: rows.slice(0, query.limit),
    nextOffset: more && next <= MATCH_OFFSET_MAX ? next : null,
  };
}

/**
 * How many of the newest rows in scope a recommendation ranks by shared tags. Ranking every row
 * that shares a tag cost more with every project and student the campus added (at 100,000 a
 * request took seconds); ranking a window of the newest costs the same at a thousand rows as at
 * a million (docs/product.md §7.11).
 */
export const CANDIDATE_WINDOW = 300;

/**
 * Open projects of others whose needed skills overlap my skills and interests, most shared tags
 * first, then my campus, my city, newest, among the newest open projects in scope. The read
 * policy is the table API's own, so whatever hides a project from Explore hides it here too.
 */
export async function recommendProjects(
  database: DatabaseHandle,
  user: RequestUser,
  query: MatchQuery,
): Promise<RecommendationPage> {
  const db = dynamicDb(database);
  const me = await findMe(database, user);
  const tags = await myTags(database, me);
  if (tags.length === 0) return NOTHING;
  let candidates = db
    .selectFrom('projects')
    .select('projects.id')
    .where((eb) => projectsPolicy.canRead(eb, user))
    .where('projects.status', '=', 'Open')
    .where('projects.posted_by_id', '<>', user.id)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('applications')
            .select(sql.lit(1).as('one'))
            .whereRef('applications.project_id', '=', 'projects.id')
            .where('applications.applicant_id', '=', user.id),
        ),
      ),
    )
    .where((eb) => inScope(eb, 'projects', query.scope, me));
  if (query.search) {
    const term = query.search;
    candidates = candidates.where((eb) =>
      eb.or([
        contains(database, 'projects.title', term),
        contains(database, 'projects.description', term),
      ]),
    );
  }
  if (query.skill) {
    const skill = query.skill;
    candidates = candidates.where((eb) =>
      eb.exists(
        eb
          .selectFrom('project_tags as chosen')
          .select(sql.lit(1).as('one'))
          .whereRef('chosen.project_id', '=', 'projects.id')
          .where(sql<boolean>`chosen.tag = lower(${skill})`),
      ),
    );
  }
  const newest = candidates
    .select(['projects.university', 'projects.city', 'projects.created_at'])
    .orderBy('projects.created_at', 'desc')
    .orderBy('projects.id', 'desc')
    .limit(CANDIDATE_WINDOW);
  // CROSS JOIN keeps SQLite to this order, the window first; PostgreSQL plans it as the inner
  // join it is. Left free, SQLite would start from every project with one of my tags.
  const ranked = db
    .selectFrom(newest.as('candidate'))
    .crossJoin('project_tags')
    .whereRef('project_tags.project_id', '=', 'candidate.id')
    .where('project_tags.tag', 'in', tags)
    .select('candidate.id')
    // Every column the order reads: PostgreSQL knows no key of a subquery to infer them from.
    .groupBy(['candidate.id', 'candidate.university', 'candidate.city', 'candidate.created_at'])
    .orderBy(sql`count(project_tags.tag) desc`);
  const { ids, nextOffset } = await rankedIds(ranked, me, query);
  if (ids.length === 0) return { items: [], nextOffset };
  const [rows, labels] = await Promise.all([
    db
      .selectFrom('projects')
      .select(publicColumns(projectsPolicy))
      .where('projects.id', 'in', ids)
      .execute(),
    db
      .selectFrom('project_tags')
      .select(['project_tags.project_id as owner', 'project_tags.label'])
      .where('project_tags.project_id', 'in', ids)
      .where('project_tags.tag', 'in', tags)
      .execute(),
  ]);
  return { items: withMatches(ids, rows, labels, 'skills_needed'), nextOffset };
}

/**
 * Students whose skills fill my open projects' gaps, ranked like projects, among the newest
 * profiles in scope. The read policy of profiles applies; I am never recommended to myself.
 */
export async function recommendPeople(
  database: DatabaseHandle,
  user: RequestUser,
  query: MatchQuery,
): Promise<RecommendationPage> {
  const db = dynamicDb(database);
  const me = await findMe(database, user);
  const gaps = await myGaps(database, me);
  if (gaps.length === 0) return NOTHING;
  let candidates = db
    .selectFrom('users')
    .select('users.id')
    .where((eb) => usersPolicy.canRead(eb, user))
    .where('users.user_id', '<>', user.id)
    .where((eb) => inScope(eb, 'users', query.scope, me));
  if (query.search) {
    const term = query.search;
    candidates = candidates.where((eb) =>
      eb.or([
        contains(database, 'users.name', term),
        contains(database, 'users.skills', term),
        contains(database, 'users.bio', term),
      ]),
    );
  }
  if (query.role) candidates = candidates.where('users.role', '=', query.role);
  const newest = candidates
    .select(['users.university', 'users.city', 'users.created_at'])
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .limit(CANDIDATE_WINDOW);
  // In this order on SQLite too, as for projects.
  const ranked = db
    .selectFrom(newest.as('candidate'))
    .crossJoin('profile_tags')
    .whereRef('profile_tags.profile_id', '=', 'candidate.id')
    .where('profile_tags.kind', '=', 'skill')
    .where('profile_tags.tag', 'in', gaps)
    .select('candidate.id')
    // As for projects, every column the order reads.
    .groupBy(['candidate.id', 'candidate.university', 'candidate.city', 'candidate.created_at'])
    .orderBy(sql`count(profile_tags.tag) desc`);
  const { ids, nextOffset } = await rankedIds(ranked, me, query);
  if (ids.length === 0) return { items: [], nextOffset };
  const [rows, labels] = await Promise.all([
    db
      .selectFrom('users')
      .select(publicColumns(usersPolicy))
      .where('users.id', 'in', ids)
      .execute(),
    db
      .selectFrom('profile_tags')
      .select(['profile_tags.profile_id as owner', 'profile_tags.label'])
      .where('profile_tags.profile_id', 'in', ids)
      .where('profile_tags.kind', '=', 'skill')
      .where('profile_tags.tag', 'in', gaps)
      .execute(),
  ]);
  return { items: withMatches(ids, rows, labels, 'skills'), nextOffset };
}

/** The ids of the asked page of a ranking, closeness breaking its ties. */
async function rankedIds<DB, TB extends keyof DB>(
  ranked: SelectQueryBuilder<DB, TB, Row>,
  me: Me,
  query: MatchQuery,
): Promise<{ ids: string[]; nextOffset: number | null }> {
  let ordered = ranked;
  for (const order of closenessOrder('candidate', me)) ordered = ordered.orderBy(order);
  const result = page(
    await ordered
      .limit(query.limit + 1)
      .offset(query.offset)
      .execute(),
    query,
  );
  return { ids: result.rows.map((row) => String(row.id)), nextOffset: result.nextOffset };
}

/** The page's rows in ranked order, each with the shared tags in its list's own order. */
function withMatches(ids: string[], rows: Row[], labels: Row[], list: string): Recommendation[] {
  return inRankOrder(ids, rows).map((row) => ({
    ...row,
    matches: inListOrder(row[list], labelsOf(labels, row.id)),
  }));
}

/** The page's rows, read by id, in the order the ranking gave their ids. */
function inRankOrder(ids: string[], rows: Row[]): Row[] {
  const byId = new Map(rows.map((row) => [String(row.id), row]));
  return ids.map((id) => byId.get(id)).filter((row): row is Row => row !== undefined);
}

function labelsOf(labels: Row[], id: unknown): string[] {
  return labels.filter((label) => label.owner === id).map((label) => String(label.label));
}
