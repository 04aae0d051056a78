import { sql, type Compilable, type SelectQueryBuilder } from 'kysely';
import type { ShapedQuery } from '../../db/compiled-queries/define-query';
import type { DatabaseHandle } from '../../db/dialects/types';
import { ownShapeKey, type ShapeContext } from '../../lib/postgrest';
import { Bindings } from '../table-api/query/bindings';
import { dynamicDb } from '../table-api/table-request';
import { projectsPolicy } from '../table-api/tables/projects';
import type { DynamicDatabase, Row, TablePolicy } from '../table-api/tables/types';
import { usersPolicy } from '../table-api/tables/users';
import type { MatchQuery } from './match-query';
import {
  closenessOrder,
  contains,
  containsPattern,
  inScope,
  type Me,
  type ScopeRule,
} from './scope';

/**
 * How many of the newest rows in scope a recommendation ranks by shared tags. Ranking every row
 * that shares a tag cost more with every project and student the campus added (at 100,000 a
 * request took seconds); ranking a window of the newest costs the same at a thousand rows as at
 * a million (docs/product.md §7.11). Written into the SQL, not bound: without it PostgreSQL's
 * generic plan took the window for a tenth of the table and hashed every row with one of my tags.
 */
export const CANDIDATE_WINDOW = 300;

/**
 * A query compiled once per key (db/compiled-queries/), with this run's values. A recommendation
 * runs a few shapes over and over for different students; on PostgreSQL, planning its ranking
 * took as long as running it.
 */
export interface KeyedRun {
  query: ShapedQuery<Row>;
  values: unknown[];
}

/**
 * `build` sees only placeholders (or values written in, which `context` names), bound through
 * `values` before it is called, so the SQL it makes depends on nothing but `context`:
 * everything that shapes the query goes there.
 */
function keyedRun(
  name: string,
  context: ShapeContext,
  bindings: Bindings,
  build: () => Compilable<Row>,
): KeyedRun {
  return {
    query: { shape: ownShapeKey(name, context), build, holdsWords: bindings.written !== null },
    values: bindings.values,
  };
}

/**
 * A ranking's bindings: with a search, where the database plans searches for their values
 * (DatabaseHandle.valueInSql), every value but the reader's is written into the SQL and the key
 * names them (`written`).
 */
function rankingBindings(database: DatabaseHandle, searched: boolean): Bindings {
  return Bindings.forCompiledQuery(searched ? database.valueInSql : undefined);
}

/**
 * A list's values, then nulls up to the next power of two: `in` never matches a null, so the
 * answer is the same, and the key holds one of a few lengths. Keyed by every length a student's
 * tags (up to 60) or a poster's gaps may have, the compiled queries of recommendations would
 * crowd out the table reads' (and, on PostgreSQL, each connection's prepared statements).
 */
function bindList(bindings: Bindings, values: string[]): (string | null)[] {
  const length = 2 ** Math.ceil(Math.log2(Math.max(values.length, 1)));
  return Array.from({ length }, (_, index) => bindings.value(values[index] ?? null));
}

/** What a ranking binds besides its tags: the reader, my place, the search and the page. */
function bindCommon(database: DatabaseHandle, me: Me, query: MatchQuery, bindings: Bindings) {
  const search = query.search ? containsPattern(database, query.search) : null;
  return {
    user: { id: bindings.bind(me.accountId), inNoBlock: me.inNoBlock },
    place: { university: bindings.value(me.university), city: bindings.value(me.city) },
    search: search && { form: search.form, operand: bindings.value(search.operand) },
    limit: bindings.value(query.limit + 1),
    offset: bindings.value(query.offset),
  };
}

/** Each ranked table, the table of its tags and the tags' column naming their row. */
const TAG_TABLES = {
  projects: { policy: projectsPolicy, tags: 'project_tags', owner: 'project_id', kind: null },
  users: { policy: usersPolicy, tags: 'profile_tags', owner: 'profile_id', kind: 'skill' },
} as const;

/**
 * Whether a ranked row holds its tags itself (`skill_tags`, migration 024, PostgreSQL), so the
 * ranking counts them from the row it reads; else they are looked up in the tag tables.
 */
const tagsInRow = (database: DatabaseHandle) => database.kind === 'postgres';

/** What a window of candidates reads of each row: what the ranking orders by. */
function windowColumns(database: DatabaseHandle, table: keyof typeof TAG_TABLES): string[] {
  const columns = ['id', 'university', 'city', 'created_at'];
  if (tagsInRow(database)) columns.push('skill_tags');
  return columns.map((column) => `${table}.${column}`);
}

/**
 * The asked page (and one row more) of the window's rows, those sharing most of `list`'s tags
 * first, closeness breaking ties. Rows sharing none are left out.
 */
function rankedPage<TB extends string, O>(
  database: DatabaseHandle,
  window: SelectQueryBuilder<DynamicDatabase, TB, O>,
  table: keyof typeof TAG_TABLES,
  list: (string | null)[],
  common: ReturnType<typeof bindCommon>,
) {
  let ordered = tagsInRow(database)
    ? sharedInRow(database, window, list)
    : sharedByLookup(database, window, table, list);
  for (const order of closenessOrder('candidate', common.place)) ordered = ordered.orderBy(order);
  return ordered.limit(common.limit).offset(common.offset);
}

/**
 * The window's rows by how many of `list`'s tags their array holds: a sum of one test per tag,
 * with no join and no group. A padding null is in no array, so it adds nothing.
 */
function sharedInRow<TB extends string, O>(
  database: DatabaseHandle,
  window: SelectQueryBuilder<DynamicDatabase, TB, O>,
  list: (string | null)[],
) {
  const held = sql.ref('candidate.skill_tags');
  const shared = list.map((tag) => sql<number>`case when ${tag} = any(${held}) then 1 else 0 end`);
  return dynamicDb(database)
    .selectFrom(window.as('candidate'))
    .select('candidate.id')
    .where(sql<boolean>`${held} && array[${sql.join(list)}]::text[]`)
    .orderBy(sql`${sql.join(shared, sql` + `)} desc`);
}

/**
 * The window's rows by how many of `list`'s tags their tag table holds. CROSS JOIN keeps SQLite
 * to this order, the window first; left free, it would start from every row with one of the
 * tags. Each candidate's tags are then read once and tested, not looked up one by one.
 */
function sharedByLookup<TB extends string, O>(
  database: DatabaseHandle,
  window: SelectQueryBuilder<DynamicDatabase, TB, O>,
  table: keyof typeof TAG_TABLES,
  list: (string | null)[],
) {
  // As plain names: the query is built on the untyped tables, whichever the table is.
  const { tags, owner, kind }: { tags: string; owner: string; kind: string | null } =
    TAG_TABLES[table];
  let joined = dynamicDb(database)
    .selectFrom(window.as('candidate'))
    .crossJoin(tags)
    .whereRef(`${tags}.${owner}`, '=', 'candidate.id');
  if (kind) joined = joined.where(`${tags}.kind`, '=', kind);
  return (
    joined
      .where(database.testedOnly(`${tags}.tag`), 'in', list)
      .select('candidate.id')
      // Every column the order reads: a database may know no key of a subquery to infer them.
      .groupBy(['candidate.id', 'candidate.university', 'candidate.city', 'candidate.created_at'])
      .orderBy(sql`count(${sql.ref(`${tags}.tag`)}) desc`)
  );
}

/**
 * Open projects of others, not applied to, in scope and found by the search and skill, the
 * newest `CANDIDATE_WINDOW` of them ranked by how many of `tags` they need. The read policy is
 * the table API's own, so whatever hides a project from Explore hides it here too.
 */
export function projectRanking(
  database: DatabaseHandle,
  me: Me,
  query: MatchQuery,
  rule: ScopeRule,
  tags: string[],
): KeyedRun {
  const bindings = rankingBindings(database, query.search !== '');
  const common = bindCommon(database, me, query, bindings);
  const skill = query.skill ? bindings.value(query.skill) : null;
  const shared = bindList(bindings, tags);
  const { user, place, search } = common;
  const build = () => {
    const db = dynamicDb(database);
    let candidates = db
      .selectFrom('projects')
      .select(windowColumns(database, 'projects'))
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
      .where((eb) => inScope(eb, 'projects', rule, place));
    if (search) {
      candidates = candidates.where((eb) =>
        eb.or([
          contains(database, 'projects.title', search),
          contains(database, 'projects.description', search),
        ]),
      );
    }
    if (skill !== null) {
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
      .orderBy('projects.created_at', 'desc')
      .orderBy('projects.id', 'desc')
      .limit(sql.lit(CANDIDATE_WINDOW));
    return rankedPage(database, newest, 'projects', shared, common);
  };
  const context = {
    scope: rule,
    search: search?.form ?? null,
    written: bindings.written,
    inNoBlock: me.inNoBlock,
    skill: skill !== null,
    tags: shared.length,
  };
  return keyedRun('recommended projects', context, bindings, build);
}

/**
 * Other students in scope, found by the search and role, the newest `CANDIDATE_WINDOW` of them
 * ranked by how many of `gaps` their skills fill. The read policy of profiles applies.
 */
export function peopleRanking(
  database: DatabaseHandle,
  me: Me,
  query: MatchQuery,
  rule: ScopeRule,
  gaps: string[],
): KeyedRun {
  const bindings = rankingBindings(database, query.search !== '');
  const common = bindCommon(database, me, query, bindings);
  const role = query.role ? bindings.value(query.role) : null;
  const filled = bindList(bindings, gaps);
  const { user, place, search } = common;
  const build = () => {
    const db = dynamicDb(database);
    let candidates = db
      .selectFrom('users')
      .select(windowColumns(database, 'users'))
      .where((eb) => usersPolicy.canRead(eb, user))
      .where('users.user_id', '<>', user.id)
      .where((eb) => inScope(eb, 'users', rule, place));
    if (search) {
      candidates = candidates.where((eb) =>
        eb.or([
          contains(database, 'users.name', search),
          contains(database, 'users.skills', search),
          contains(database, 'users.bio', search),
        ]),
      );
    }
    if (role !== null) candidates = candidates.where('users.role', '=', role);
    const newest = candidates
      .orderBy('users.created_at', 'desc')
      .orderBy('users.id', 'desc')
      .limit(sql.lit(CANDIDATE_WINDOW));
    return rankedPage(database, newest, 'users', filled, common);
  };
  const context = {
    scope: rule,
    search: search?.form ?? null,
    written: bindings.written,
    inNoBlock: me.inNoBlock,
    role: role !== null,
    tags: filled.length,
  };
  return keyedRun('recommended people', context, bindings, build);
}

/** The columns everyone may read: owner-only ones (a profile's email) never leave. */
const publicColumns = (policy: TablePolicy) =>
  Object.entries(policy.columns)
    .filter(([, rule]) => !rule.ownerOnly)
    .map(([name]) => `${policy.name}.${name}`);

/**
 * The public columns of the ranked rows, by id, read again under the whole policy: a ranking
 * for a reader in no block left the block checks out, and a block made since would otherwise
 * show a row it hides. Such a row is left out of the page.
 */
export function rowsById(
  database: DatabaseHandle,
  table: keyof typeof TAG_TABLES,
  ids: string[],
  readerId: string,
) {
  const bindings = Bindings.forCompiledQuery();
  const reader = { id: bindings.bind(readerId) };
  const bound = bindList(bindings, ids);
  const { policy } = TAG_TABLES[table];
  const build = () =>
    dynamicDb(database)
      .selectFrom(table)
      .select(publicColumns(policy))
      .where(`${table}.id`, 'in', bound)
      .where((eb) => policy.canRead(eb, reader));
  return keyedRun('ranked rows', { table, ids: bound.length }, bindings, build);
}

/** The labels of the ranked rows' tags among `tags`: what made each of them match. */
export function matchedLabels(
  database: DatabaseHandle,
  table: keyof typeof TAG_TABLES,
  ids: string[],
  tags: string[],
) {
  const bindings = Bindings.forCompiledQuery();
  const owners = bindList(bindings, ids);
  const matched = bindList(bindings, tags);
  const { tags: tagTable, owner, kind } = TAG_TABLES[table];
  const build = () => {
    let labels = dynamicDb(database)
      .selectFrom(tagTable)
      .select([`${tagTable}.${owner} as owner`, `${tagTable}.label`])
      .where(`${tagTable}.${owner}`, 'in', owners)
      .where(`${tagTable}.tag`, 'in', matched);
    if (kind) labels = labels.where(`${tagTable}.kind`, '=', kind);
    return labels;
  };
  const context = { table, ids: owners.length, tags: matched.length };
  return keyedRun('matched labels', context, bindings, build);
}
