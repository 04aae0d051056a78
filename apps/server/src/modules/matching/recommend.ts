import { defineQuery } from '../../db/compiled-queries/define-query';
import type { DatabaseHandle } from '../../db/dialects/types';
import type { RequestUser } from '../../plugins/authentication';
import type { Row } from '../table-api/tables/types';
import { MATCH_OFFSET_MAX, type MatchQuery } from './match-query';
import { matchedLabels, peopleRanking, projectRanking, rowsById, type KeyedRun } from './ranking';
import { inListOrder, scopeRule, type Me } from './scope';

/** One recommended row as the table API would show it, and the skills that made it match. */
export type Recommendation = Row & { matches: string[] };

export interface RecommendationPage {
  items: Recommendation[];
  /** The offset of the next page, or null at the end (or past the last page allowed). */
  nextOffset: number | null;
}

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
 * Open projects of others whose needed skills overlap my skills and interests, most shared tags
 * first, then my campus, my city, newest, among the newest open projects in scope (ranking.ts).
 */
export async function recommendProjects(
  database: DatabaseHandle,
  user: RequestUser,
  query: MatchQuery,
): Promise<RecommendationPage> {
  const me = await findMe(database, user);
  const rule = scopeRule(query.scope, me);
  const tags = rule === 'nobody' ? [] : await myTags(database, me);
  if (tags.length === 0) return NOTHING;
  const { ids, nextOffset } = await rankedIds(
    database,
    projectRanking(database, me, query, rule, tags),
    query,
  );
  if (ids.length === 0) return { items: [], nextOffset };
  const [rows, labels] = await Promise.all([
    runKeyed(database, rowsById(database, 'projects', ids)),
    runKeyed(database, matchedLabels(database, 'projects', ids, tags)),
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
  const me = await findMe(database, user);
  const rule = scopeRule(query.scope, me);
  const gaps = rule === 'nobody' ? [] : await myGaps(database, me);
  if (gaps.length === 0) return NOTHING;
  const { ids, nextOffset } = await rankedIds(
    database,
    peopleRanking(database, me, query, rule, gaps),
    query,
  );
  if (ids.length === 0) return { items: [], nextOffset };
  const [rows, labels] = await Promise.all([
    runKeyed(database, rowsById(database, 'users', ids)),
    runKeyed(database, matchedLabels(database, 'users', ids, gaps)),
  ]);
  return { items: withMatches(ids, rows, labels, 'skills'), nextOffset };
}

function runKeyed(database: DatabaseHandle, { query, values }: KeyedRun): Promise<Row[]> {
  return database.compiledQueries.rows(query, values);
}

/** The ids of the asked page of a ranking (which reads one row more, to know of a next page). */
async function rankedIds(
  database: DatabaseHandle,
  ranking: KeyedRun,
  query: MatchQuery,
): Promise<{ ids: string[]; nextOffset: number | null }> {
  const result = page(await runKeyed(database, ranking), query);
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
