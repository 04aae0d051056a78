import { sql } from 'kysely';
import { defineQuery } from '../../db/compiled-queries/define-query';
import type { DatabaseHandle } from '../../db/dialects/types';
import type { RequestUser } from '../../plugins/authentication';
import type { Row } from '../table-api/tables/types';
import { inAnyBlock } from '../table-api/tables/visibility';
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

/**
 * My profile (by account, one row or none), whether I am in a block, and my tags, in one query:
 * skills and interests both say what I would like to work on. The tags are read first, as a
 * list: the ranking then looks each candidate's tags up by primary key, where SQLite would plan
 * a subquery in their place as an index built over every tag row. One row per tag, or one with
 * a null tag.
 */
const meAndTagsQuery = defineQuery((db, [accountId]: [string]) =>
  db
    .selectFrom('users')
    .leftJoin('profile_tags', 'profile_tags.profile_id', 'users.id')
    .select([
      'users.id',
      'users.university',
      'users.city',
      sql<boolean>`${inAnyBlock(accountId)}`.as('in_block'),
      'profile_tags.tag',
    ])
    .where('users.user_id', '=', accountId),
);

/**
 * My profile and whether I am in a block, then the gaps of my open projects: skills they need
 * that I do not have myself, one row each, with no profile columns. Without a profile, every
 * skill they need is a gap.
 */
const meAndGapsQuery = defineQuery((db, [accountId]: [string]) =>
  db
    .selectFrom('users')
    .select((eb) => [
      // Typed as the gaps' rows are, which have no profile.
      eb.ref('users.id').$castTo<string | null>().as('id'),
      eb.ref('users.university').$castTo<string | null>().as('university'),
      'users.city',
      sql<boolean | null>`${inAnyBlock(accountId)}`.as('in_block'),
      sql<string | null>`null`.as('tag'),
    ])
    .where('users.user_id', '=', accountId)
    .unionAll(
      db
        .selectFrom('project_tags')
        .innerJoin('projects', 'projects.id', 'project_tags.project_id')
        .select([
          sql<string | null>`null`.as('id'),
          sql<string | null>`null`.as('university'),
          sql<string | null>`null`.as('city'),
          // Typed: under DISTINCT, PostgreSQL would take a bare null for text.
          sql<boolean | null>`cast(null as boolean)`.as('in_block'),
          'project_tags.tag',
        ])
        .distinct()
        .where('projects.posted_by_id', '=', accountId)
        .where('projects.status', '=', 'Open')
        .where(
          'project_tags.tag',
          'not in',
          db
            .selectFrom('profile_tags')
            .innerJoin('users', 'users.id', 'profile_tags.profile_id')
            .select('profile_tags.tag')
            .where('users.user_id', '=', accountId)
            .where('profile_tags.kind', '=', 'skill'),
        ),
    ),
);

interface MeAndTagRow {
  id: string | null;
  university: string | null;
  city: string | null;
  /** A boolean, or 0 or 1 from SQLite; null on a row of gaps. */
  in_block: boolean | number | null;
  tag: string | null;
}

/**
 * Where I stand and a list of tags, from one of the queries above: every recommendation reads
 * them first, so they are one round trip, compiled once (db/compiled-queries/).
 */
async function meAnd(
  database: DatabaseHandle,
  user: RequestUser,
  query: typeof meAndTagsQuery | typeof meAndGapsQuery,
): Promise<{ me: Me; tags: string[] }> {
  const rows: MeAndTagRow[] = await database.compiledQueries.rows(query, [user.id]);
  const profile = rows.find((row) => row.id !== null);
  const me: Me = {
    accountId: user.id,
    profileId: profile?.id ?? null,
    university: profile?.university ?? null,
    city: profile?.city ?? null,
    // Without a profile row nothing was read: the ranking checks blocks row by row.
    inNoBlock: profile !== undefined && !profile.in_block,
  };
  const tags = new Set<string>();
  for (const { tag } of rows) if (tag !== null) tags.add(String(tag));
  return { me, tags: [...tags] };
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
  const { me, tags } = await meAnd(database, user, meAndTagsQuery);
  const rule = scopeRule(query.scope, me);
  if (rule === 'nobody' || tags.length === 0) return NOTHING;
  const { ids, nextOffset } = await rankedIds(
    database,
    projectRanking(database, me, query, rule, tags),
    query,
  );
  if (ids.length === 0) return { items: [], nextOffset };
  const [rows, labels] = await Promise.all([
    runKeyed(database, rowsById(database, 'projects', ids, user.id)),
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
  const { me, tags: gaps } = await meAnd(database, user, meAndGapsQuery);
  const rule = scopeRule(query.scope, me);
  if (rule === 'nobody' || gaps.length === 0) return NOTHING;
  const { ids, nextOffset } = await rankedIds(
    database,
    peopleRanking(database, me, query, rule, gaps),
    query,
  );
  if (ids.length === 0) return { items: [], nextOffset };
  const [rows, labels] = await Promise.all([
    runKeyed(database, rowsById(database, 'users', ids, user.id)),
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
