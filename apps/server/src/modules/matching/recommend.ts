import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../../db/dialects/types';
import type { RequestUser } from '../../plugins/authentication';
import { dynamicDb } from '../table-api/table-request';
import { projectsPolicy } from '../table-api/tables/projects';
import type { DynamicDatabase, Row, TablePolicy } from '../table-api/tables/types';
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

export async function findMe(database: DatabaseHandle, user: RequestUser): Promise<Me> {
  const profile = await database.db
    .selectFrom('users')
    .select(['id', 'university', 'city'])
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  return {
    accountId: user.id,
    profileId: profile?.id ?? null,
    university: profile?.university ?? null,
    city: profile?.city ?? null,
  };
}

/** My tags: skills and interests both say what I would like to work on. */
const myTags = (db: Kysely<DynamicDatabase>, me: Me) =>
  db
    .selectFrom('profile_tags')
    .select('profile_tags.tag')
    .where('profile_tags.profile_id', '=', me.profileId ?? '');

/** The gaps of my open projects: skills they need that I do not have myself. */
const myGaps = (db: Kysely<DynamicDatabase>, me: Me) =>
  db
    .selectFrom('project_tags')
    .innerJoin('projects', 'projects.id', 'project_tags.project_id')
    .select('project_tags.tag')
    .where('projects.posted_by_id', '=', me.accountId)
    .where('projects.status', '=', 'Open')
    .where(
      'project_tags.tag',
      'not in',
      db
        .selectFrom('profile_tags')
        .select('profile_tags.tag')
        .where('profile_tags.profile_id', '=', me.profileId ?? '')
        .where('profile_tags.kind', '=', 'skill'),
    );

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
 * first, then my campus, my city, newest. The read policy is the table API's own, so whatever
 * hides a project from Explore hides it here too.
 */
export async function recommendProjects(
  database: DatabaseHandle,
  user: RequestUser,
  query: MatchQuery,
): Promise<RecommendationPage> {
  const db = dynamicDb(database);
  const me = await findMe(database, user);
  if (me.profileId === null) return { items: [], nextOffset: null };
  let select = db
    .selectFrom('project_tags')
    .innerJoin('projects', 'projects.id', 'project_tags.project_id')
    .select(publicColumns(projectsPolicy))
    .where('project_tags.tag', 'in', myTags(db, me))
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
    select = select.where((eb) =>
      eb.or([
        contains(database, 'projects.title', term),
        contains(database, 'projects.description', term),
      ]),
    );
  }
  if (query.skill) {
    const skill = query.skill;
    select = select.where((eb) =>
      eb.exists(
        eb
          .selectFrom('project_tags as chosen')
          .select(sql.lit(1).as('one'))
          .whereRef('chosen.project_id', '=', 'projects.id')
          .where(sql<boolean>`chosen.tag = lower(${skill})`),
      ),
    );
  }
  let ordered = select.groupBy('projects.id').orderBy(sql`count(project_tags.tag) desc`);
  for (const order of closenessOrder('projects', me)) ordered = ordered.orderBy(order);
  const rows = await ordered
    .limit(query.limit + 1)
    .offset(query.offset)
    .execute();
  const result = page(rows, query);
  const ids = result.rows.map((row) => String(row.id));
  const labels =
    ids.length === 0
      ? []
      : await db
          .selectFrom('project_tags')
          .select(['project_tags.project_id as owner', 'project_tags.label'])
          .where('project_tags.project_id', 'in', ids)
          .where('project_tags.tag', 'in', myTags(db, me))
          .execute();
  return {
    items: result.rows.map((row) => ({
      ...row,
      matches: inListOrder(row.skills_needed, labelsOf(labels, row.id)),
    })),
    nextOffset: result.nextOffset,
  };
}

/**
 * Students whose skills fill my open projects' gaps, ranked like projects. The read policy of
 * profiles applies; I am never recommended to myself.
 */
export async function recommendPeople(
  database: DatabaseHandle,
  user: RequestUser,
  query: MatchQuery,
): Promise<RecommendationPage> {
  const db = dynamicDb(database);
  const me = await findMe(database, user);
  let select = db
    .selectFrom('profile_tags')
    .innerJoin('users', 'users.id', 'profile_tags.profile_id')
    .select(publicColumns(usersPolicy))
    .where('profile_tags.kind', '=', 'skill')
    .where('profile_tags.tag', 'in', myGaps(db, me))
    .where((eb) => usersPolicy.canRead(eb, user))
    .where('users.user_id', '<>', user.id)
    .where((eb) => inScope(eb, 'users', query.scope, me));
  if (query.search) {
    const term = query.search;
    select = select.where((eb) =>
      eb.or([
        contains(database, 'users.name', term),
        contains(database, 'users.skills', term),
        contains(database, 'users.bio', term),
      ]),
    );
  }
  if (query.role) select = select.where('users.role', '=', query.role);
  let ordered = select.groupBy('users.id').orderBy(sql`count(profile_tags.tag) desc`);
  for (const order of closenessOrder('users', me)) ordered = ordered.orderBy(order);
  const rows = await ordered
    .limit(query.limit + 1)
    .offset(query.offset)
    .execute();
  const result = page(rows, query);
  const ids = result.rows.map((row) => String(row.id));
  const labels =
    ids.length === 0
      ? []
      : await db
          .selectFrom('profile_tags')
          .select(['profile_tags.profile_id as owner', 'profile_tags.label'])
          .where('profile_tags.profile_id', 'in', ids)
          .where('profile_tags.kind', '=', 'skill')
          .where('profile_tags.tag', 'in', myGaps(db, me))
          .execute();
  return {
    items: result.rows.map((row) => ({
      ...row,
      matches: inListOrder(row.skills, labelsOf(labels, row.id)),
    })),
    nextOffset: result.nextOffset,
  };
}

function labelsOf(labels: Row[], id: unknown): string[] {
  return labels.filter((label) => label.owner === id).map((label) => String(label.label));
}
