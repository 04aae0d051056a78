/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * `projects.posted_by` held the poster's login email, which every student reading Explore saw,
 * though the address is the owner's alone (users.email is owner-only). It now holds the poster's
 * profile name: this replaces every stored address, and two triggers keep the name current when
 * a profile is created or renamed, whichever way the change comes (the table API, an upsert,
 * raw SQL). The UPDATE finds the poster's projects through its owner index (migration 021).
 * The fallback is the one notification emails use for a student without a profile. Triggers
 * go with their table: a later migration that rebuilds users on SQLite must create them again.
 */
const POSTER_WITHOUT_PROFILE = 'A student';

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update projects set posted_by = coalesce(
      (select users.name from users where users.user_id = projects.posted_by_id),
      ${POSTER_WITHOUT_PROFILE}
    )`.execute(db);

  if (isPostgres(db)) {
    await sql`
      create function copy_poster_name() returns trigger language plpgsql as $$
      begin
        update projects set posted_by = new.name where posted_by_id = new.user_id;
        return null;
      end
      $$`.execute(db);
    await sql`
      create trigger users_name_to_projects_on_insert after insert on users
      for each row execute function copy_poster_name()`.execute(db);
    await sql`
      create trigger users_name_to_projects_on_update after update of name on users
      for each row when (old.name is distinct from new.name)
      execute function copy_poster_name()`.execute(db);
    return;
  }
  await sql`
    create trigger users_name_to_projects_on_insert after insert on users
    begin
      update projects set posted_by = new.name where posted_by_id = new.user_id;
    end`.execute(db);
  await sql`
    create trigger users_name_to_projects_on_update after update of name on users
    when old.name is not new.name
    begin
      update projects set posted_by = new.name where posted_by_id = new.user_id;
    end`.execute(db);
}

/** Leaves the names in place: the addresses they replaced are not to be shown again. */
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger users_name_to_projects_on_update on users`.execute(db);
    await sql`drop trigger users_name_to_projects_on_insert on users`.execute(db);
    await sql`drop function copy_poster_name()`.execute(db);
    return;
  }
  await sql`drop trigger users_name_to_projects_on_update`.execute(db);
  await sql`drop trigger users_name_to_projects_on_insert`.execute(db);
}
