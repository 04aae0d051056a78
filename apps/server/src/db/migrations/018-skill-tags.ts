/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * "Recommended for you" (modules/matching/) ranks projects and students by how many skills they
 * share, which the JSON text of `users.skills`, `users.interests` and `projects.skills_needed`
 * cannot answer without parsing every row. These side tables hold each list's items once,
 * lower-cased and trimmed (`tag`, what is compared) beside the row's own spelling (`label`, what
 * is shown), indexed by tag so a match is an index join grouped by row.
 *
 * Triggers keep them in step inside the writing transaction, whichever way the change comes (the
 * table API, an upsert, the seed, raw SQL), as migration 013 keeps poster names; deleting a
 * profile or project (or the account, which cascades to both) deletes its tags by cascade. A list
 * that is not a JSON array of strings yields no tags rather than failing the write. Triggers go
 * with their table: a later migration that rebuilds users or projects on SQLite must create them
 * again. Existing rows are backfilled here.
 *
 * Both databases lower-case with their own `lower()`: PostgreSQL folds every letter, SQLite ASCII
 * only; each compares tags it made itself, so a match is consistent within one database.
 */
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** One list column copied into a tag table, as `kind` when the table has one. */
interface TagSource {
  table: 'users' | 'projects';
  column: 'skills' | 'interests' | 'skills_needed';
  target: 'profile_tags' | 'project_tags';
  key: 'profile_id' | 'project_id';
  kind?: 'skill' | 'interest';
}

const SOURCES: TagSource[] = [
  { table: 'users', column: 'skills', target: 'profile_tags', key: 'profile_id', kind: 'skill' },
  {
    table: 'users',
    column: 'interests',
    target: 'profile_tags',
    key: 'profile_id',
    kind: 'interest',
  },
  { table: 'projects', column: 'skills_needed', target: 'project_tags', key: 'project_id' },
];

/** SQLite: the insert of one list's tags for `new` in a trigger, or for every row of the table. */
function sqliteInsert(source: TagSource, row: string): string {
  const list = `${row}.${source.column}`;
  const kindColumn = source.kind ? ', kind' : '';
  const kindValue = source.kind ? `, '${source.kind}'` : '';
  // OR IGNORE keeps the first spelling of a skill listed twice in different cases.
  return `insert or ignore into ${source.target} (${source.key}${kindColumn}, tag, label)
    select ${row}.id${kindValue}, lower(trim(item.value)), trim(item.value)
    from ${row === 'new' ? '' : `${row}, `}json_each(case when json_valid(${list}) and json_type(${list}) = 'array'
      then ${list} else '[]' end) as item
    where item.type = 'text' and trim(item.value) <> ''`;
}

/** PostgreSQL: the same, reading the list through campus_tag_items. */
function postgresInsert(source: TagSource, row: string): string {
  const kindColumn = source.kind ? ', kind' : '';
  const kindValue = source.kind ? `, '${source.kind}'` : '';
  return `insert into ${source.target} (${source.key}${kindColumn}, tag, label)
    select ${row}.id${kindValue}, lower(item.label), item.label
    from ${row === 'new' ? '' : `${row} cross join lateral `}campus_tag_items(${row}.${source.column}) as item
    where item.label <> ''
    on conflict do nothing`;
}

async function createTables(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('profile_tags')
    .addColumn('profile_id', 'text', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('tag', 'text', (col) => col.notNull())
    .addColumn('label', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('profile_tags_pkey', ['profile_id', 'kind', 'tag'])
    .execute();
  // Students with a tag: the people recommendation's join, led by the gap's tags.
  await db.schema
    .createIndex('profile_tags_tag_idx')
    .on('profile_tags')
    .columns(['tag', 'kind', 'profile_id'])
    .execute();
  await db.schema
    .createTable('project_tags')
    .addColumn('project_id', 'text', (col) =>
      col.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('tag', 'text', (col) => col.notNull())
    .addColumn('label', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('project_tags_pkey', ['project_id', 'tag'])
    .execute();
  // Projects with a tag: the project recommendation's join, led by the student's own tags.
  await db.schema
    .createIndex('project_tags_tag_idx')
    .on('project_tags')
    .columns(['tag', 'project_id'])
    .execute();
}

async function upSqlite(db: Kysely<any>): Promise<void> {
  const profile = SOURCES.filter((source) => source.table === 'users');
  const project = SOURCES.filter((source) => source.table === 'projects');
  const body = (sources: TagSource[]) =>
    sources.map((source) => `${sqliteInsert(source, 'new')};`).join('\n');
  await sql
    .raw(`create trigger profile_tags_on_insert after insert on users begin ${body(profile)} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger profile_tags_on_update after update of skills, interests on users begin
        delete from profile_tags where profile_id = old.id;
        ${body(profile)}
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger project_tags_on_insert after insert on projects begin ${body(project)} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger project_tags_on_update after update of skills_needed on projects begin
        delete from project_tags where project_id = old.id;
        ${body(project)}
      end`,
    )
    .execute(db);
  for (const source of SOURCES) {
    await sql.raw(sqliteInsert(source, source.table)).execute(db);
  }
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  // A list's strings, trimmed, in order; nothing for text that is not a JSON array.
  await sql`
    create function campus_tag_items(list text) returns table (label text)
    language plpgsql immutable as $$
    declare parsed json;
    begin
      begin
        parsed := list::json;
      exception when others then
        return;
      end;
      if parsed is null or json_typeof(parsed) <> 'array' then
        return;
      end if;
      return query
        select btrim(item #>> '{}') from json_array_elements(parsed) with ordinality as e(item, n)
        where json_typeof(item) = 'string' order by n;
    end
    $$`.execute(db);
  const profile = SOURCES.filter((source) => source.table === 'users');
  const project = SOURCES.filter((source) => source.table === 'projects');
  const body = (sources: TagSource[]) =>
    sources.map((source) => `${postgresInsert(source, 'new')};`).join('\n');
  await sql
    .raw(
      `create function sync_profile_tags() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' then
          delete from profile_tags where profile_id = old.id;
        end if;
        ${body(profile)}
        return null;
      end
      $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create function sync_project_tags() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' then
          delete from project_tags where project_id = old.id;
        end if;
        ${body(project)}
        return null;
      end
      $$`,
    )
    .execute(db);
  await sql`
    create trigger profile_tags_on_insert after insert on users
    for each row execute function sync_profile_tags()`.execute(db);
  await sql`
    create trigger profile_tags_on_update after update of skills, interests on users
    for each row when (old.skills is distinct from new.skills
      or old.interests is distinct from new.interests)
    execute function sync_profile_tags()`.execute(db);
  await sql`
    create trigger project_tags_on_insert after insert on projects
    for each row execute function sync_project_tags()`.execute(db);
  await sql`
    create trigger project_tags_on_update after update of skills_needed on projects
    for each row when (old.skills_needed is distinct from new.skills_needed)
    execute function sync_project_tags()`.execute(db);
  for (const source of SOURCES) {
    await sql.raw(postgresInsert(source, source.table)).execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await createTables(db);
  if (isPostgres(db)) await upPostgres(db);
  else await upSqlite(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger project_tags_on_update on projects`.execute(db);
    await sql`drop trigger project_tags_on_insert on projects`.execute(db);
    await sql`drop trigger profile_tags_on_update on users`.execute(db);
    await sql`drop trigger profile_tags_on_insert on users`.execute(db);
    await sql`drop function sync_project_tags()`.execute(db);
    await sql`drop function sync_profile_tags()`.execute(db);
    await sql`drop function campus_tag_items(text)`.execute(db);
  } else {
    await sql`drop trigger project_tags_on_update`.execute(db);
    await sql`drop trigger project_tags_on_insert`.execute(db);
    await sql`drop trigger profile_tags_on_update`.execute(db);
    await sql`drop trigger profile_tags_on_insert`.execute(db);
  }
  await db.schema.dropTable('project_tags').execute();
  await db.schema.dropTable('profile_tags').execute();
}
