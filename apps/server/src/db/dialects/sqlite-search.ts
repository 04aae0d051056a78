import type SqliteDatabase from 'better-sqlite3';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { SEARCH_CANDIDATE_KEY } from './types';

/** The columns SQLite's trigram indexes cover (migration 023), by table. */
const INDEXED: Readonly<Record<string, readonly string[]>> = {
  projects: ['title', 'description'],
  users: ['name', 'skills', 'bio'],
};

/**
 * When the index answers a search: the table holds at least `INDEXED_TABLE_ROWS` rows and at
 * most `RARE_TEXT_ROWS` of them hold the text. The index lists the rows holding the text; a read
 * starts from them (table-api/query/search-candidates.ts), or, for a further search, compares
 * each rowid with the list before reading the row, so a text no row holds reads no rows.
 * Opening the index and listing its rows cost a tenth to a fifth of a millisecond: more than a
 * smaller table's walk, and more than a commoner text's, which fills the page within a few rows
 * (decision 022 gives the figures). The probe that counts stops at the bound, so it costs a
 * common word little.
 */
export const INDEXED_TABLE_ROWS = 5_000;
export const RARE_TEXT_ROWS = 200;

/** The FTS5 table of one column. */
const indexOf = (table: string, column: string) => `${table}_${column}_search`;

/** The form of a contains-search answered through the index of `table.column`. */
const INDEXED_FORM = 'contains-ci-indexed:';

/**
 * How much of a text the index looks for. FTS5 checks a phrase's positions in every row holding
 * all its trigrams, so a long run of common ones ("the the the …", 6,000 characters) took 40 s
 * at 100,000 projects; its first 16 characters take at most 15 ms. Rows holding those hold the
 * whole text or are turned away by the LIKE that follows.
 */
const INDEXED_TEXT_CHARS = 16;

/** The phrase FTS5 looks for: the text's start, quotes and operators taken as text. */
const phrase = (text: string) => `"${text.slice(0, INDEXED_TEXT_CHARS).replaceAll('"', '""')}"`;

/**
 * Decides, for a case-insensitive search for `text` in `searched` ("table.column"), whether the
 * trigram index should answer it: the column is indexed, the text has a trigram (three
 * characters) and few rows of a large table hold it (`RARE_TEXT_ROWS`, `INDEXED_TABLE_ROWS`).
 * Null keeps the search as it was.
 */
export function sqliteSearchProbe(connection: SqliteDatabase.Database) {
  type Probe = SqliteDatabase.Statement<[string], { holding: number; total: number | null }>;
  const probes = new Map<string, Probe>();
  const probeFor = (table: string, column: string) => {
    const index = indexOf(table, column);
    let probe = probes.get(index);
    if (!probe) {
      // A connection opened before the migrations ran has no index yet: ask again next time.
      if (!connection.prepare(`select 1 from sqlite_master where name = ?`).get(index)) {
        return null;
      }
      // The largest rowid stands for the table's size: read from the end of the table's b-tree,
      // where a count would read all of it.
      probe = connection.prepare(
        `select (select count(*) from (select 1 from "${index}"
            where "${index}" match ? limit ${RARE_TEXT_ROWS + 1})) as holding,
          (select max(rowid) from "${table}") as total`,
      );
      probes.set(index, probe);
    }
    return probe;
  };
  return (searched: string, text: string): string | null => {
    const [table, column, ...rest] = searched.split('.');
    if (!table || !column || rest.length > 0) return null;
    if (!Object.hasOwn(INDEXED, table) || !INDEXED[table]!.includes(column)) return null;
    // The text is ASCII (the `contains-ci` form), so its length counts characters.
    if (text.length < 3) return null;
    const probe = probeFor(table, column);
    const counted = probe?.get(phrase(text));
    if (!counted) return null;
    const { holding, total } = counted;
    const worthIt = (total ?? 0) >= INDEXED_TABLE_ROWS && holding <= RARE_TEXT_ROWS;
    return worthIt ? `${INDEXED_FORM}${table}.${column}` : null;
  };
}

/** The index an indexed form names, and the FTS5 query that finds the text's start in it. */
function indexedSearch(form: string, text: unknown) {
  if (!form.startsWith(INDEXED_FORM)) return null;
  const [table, column] = form.slice(INDEXED_FORM.length).split('.') as [string, string];
  const start = sql`substr(${text}, 1, ${sql.lit(INDEXED_TEXT_CHARS)})`;
  const query = sql`'"' || replace(${start}, '"', '""') || '"'`;
  return { table, index: sql.id(indexOf(table, column)), query };
}

/**
 * The SQL of an indexed contains-search, or null for another form. The index narrows the rows
 * to those holding the text's trigrams, compared by rowid before the row is read; the LIKE then
 * decides, so the answer is exactly the scan's (the index folds case by Unicode's rules, LIKE by
 * ASCII's, so the index may offer a row LIKE refuses, never the reverse).
 */
export function sqliteIndexedContains(
  value: Expression<unknown>,
  form: string,
  text: unknown,
): RawBuilder<SqlBool> | null {
  const search = indexedSearch(form, text);
  if (!search) return null;
  const { table, index, query } = search;
  // A CASE, not an AND: two ANDs ORed together (title or description) made SQLite read every
  // row before comparing its rowid, which cost what the index saves.
  return sql<boolean>`(case when ${sql.ref(`${table}.rowid`)} in (select rowid from ${index}
    where ${index} match ${query}) then ${value} like ('%' || ${text} || '%') else 0 end)`;
}

/**
 * The rowids an indexed contains-search can match, as `SEARCH_CANDIDATE_KEY`, or null for another
 * form: every row the search matches is among them (see above), and the form is only chosen
 * when few rows are (RARE_TEXT_ROWS).
 */
export function sqliteIndexedRows(form: string, text: unknown): RawBuilder<unknown> | null {
  const search = indexedSearch(form, text);
  if (!search) return null;
  const { index, query } = search;
  const key = sql.id(SEARCH_CANDIDATE_KEY);
  return sql`select rowid as ${key} from ${index} where ${index} match ${query}`;
}
