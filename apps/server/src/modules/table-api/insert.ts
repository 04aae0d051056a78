import type { Kysely } from 'kysely';
import { PostgrestCode, PostgrestError } from '../../lib/postgrest';
import type { RequestUser } from '../../plugins/authentication';
import { answerWrite } from './write-answer';
import {
  dynamicDb,
  runWrite,
  singularError,
  type TableRequest,
  type TableResponse,
} from './table-request';
import type { DynamicDatabase, Row, TablePolicy } from './tables/types';
import { readWriteBody, validateWriteValues } from './write-values';

/** on_conflict must name a unique key, or the database has nothing to detect a conflict on. */
function conflictTarget(policy: TablePolicy, requested: string[] | null): string[] {
  const target = requested ?? [policy.primaryKey];
  const matches = policy.uniqueKeys.some(
    (key) => key.length === target.length && key.every((column) => target.includes(column)),
  );
  if (!matches) {
    throw new PostgrestError({
      status: 400,
      code: PostgrestCode.invalidColumnReference,
      message: 'there is no unique or exclusion constraint matching the ON CONFLICT specification',
      hint: `on_conflict must be one of: ${policy.uniqueKeys.map((key) => key.join(',')).join('; ')}`,
    });
  }
  return target;
}

/** The columns an upsert may overwrite on an existing row: what the client sent and may change. */
function mergeColumns(policy: TablePolicy, sent: Row[], target: string[]): string[] {
  const columns = new Set(sent.flatMap((row) => Object.keys(row)));
  const merged = [...columns].filter(
    (column) => !target.includes(column) && policy.columns[column]?.update === 'client',
  );
  if ('updated_at' in policy.columns) merged.push('updated_at');
  return merged;
}

/**
 * Values one statement may bind: PostgreSQL takes at most 65,535 and some SQLite builds fewer,
 * while the body limit admits arrays of thousands of rows.
 */
const MAX_BOUND_VALUES = 30_000;

/**
 * Runs `insert` on slices of rows small enough to bind, one after another in the caller's
 * transaction. Slices behave as one statement would: a row conflicting with an earlier slice's
 * row conflicts the same way as with an earlier row of the same statement.
 */
async function insertInSlices(
  values: Row[],
  insert: (slice: Row[]) => Promise<Row[]>,
): Promise<Row[]> {
  const width = Math.max(1, Object.keys(values[0] ?? {}).length);
  const size = Math.max(1, Math.floor(MAX_BOUND_VALUES / width));
  const rows: Row[] = [];
  for (let start = 0; start < values.length; start += size) {
    for (const row of await insert(values.slice(start, start + size))) rows.push(row);
  }
  return rows;
}

/** A row's values of the conflict target, as one comparable key. */
const keyOf = (row: Row, target: string[]) =>
  JSON.stringify(target.map((column) => row[column] ?? null));

/**
 * One merge may not change a row twice: PostgreSQL refuses it (21000) and SQLite would apply
 * both. Refusing it here gives both databases PostgreSQL's answer, before anything is written.
 */
function requireDistinctKeys(values: Row[], target: string[]): void {
  const seen = new Set<string>();
  for (const row of values) {
    const key = keyOf(row, target);
    if (seen.has(key)) {
      throw new PostgrestError({
        status: 400,
        code: PostgrestCode.cardinalityViolation,
        message: 'ON CONFLICT DO UPDATE command cannot affect row a second time',
        details: `Key (${target.join(', ')}) appears more than once in the request`,
        hint: 'Ensure that no rows proposed for insertion within the same command have duplicate constrained values.',
      });
    }
    seen.add(key);
  }
}

/**
 * Overwrites existing rows with the client's values, where the policy lets this user change
 * them. Every row must be changed: one the policy protects refuses the whole upsert (as
 * row-level security refuses it in PostgreSQL).
 */
async function mergeExistingRows(
  db: Kysely<DynamicDatabase>,
  { policy, user, sent, target, existing }: MergeInput,
): Promise<Row[]> {
  const merged = mergeColumns(policy, sent, target);
  // With nothing the client may change, the key is set to itself: still an update, so the
  // policy's filter decides, and never an empty SET clause (a syntax error).
  const set = merged.length > 0 ? merged : [target[0]!];
  const canUpdate = policy.canUpdate;
  const rows = await insertInSlices(
    existing,
    async (slice) =>
      (await db
        .insertInto(policy.name)
        .values(slice)
        .onConflict((conflict) => {
          const update = conflict
            .columns(target)
            .doUpdateSet((eb) => Object.fromEntries(set.map((c) => [c, eb.ref(`excluded.${c}`)])));
          return canUpdate
            ? update.where((eb) => canUpdate(eb, user))
            : update.where((eb) => eb.lit(false));
        })
        .returningAll()
        .execute()) as Row[],
  );
  if (rows.length < existing.length) {
    throw new PostgrestError({
      status: 403,
      code: PostgrestCode.insufficientPrivilege,
      message: `permission denied to update existing rows of "${policy.name}"`,
      hint: 'Only the owner can change an existing row',
    });
  }
  return rows;
}

interface MergeInput {
  policy: TablePolicy;
  user: RequestUser;
  sent: Row[];
  target: string[];
  existing: Row[];
}

/**
 * POST: insert one or many rows, or upsert with Prefer: resolution=... and on_conflict.
 *
 * An upsert first inserts with ON CONFLICT DO NOTHING, whose RETURNING yields exactly the rows
 * it inserted on both databases; a merge then updates the rest. So the policy's afterInsert
 * hears of inserted rows only: a skipped duplicate or an updated row credits nobody and
 * notifies nobody. (A row deleted by someone else between the two statements is inserted by
 * the second one, without effects: the safe side of that race.)
 */
export async function insertRows(request: TableRequest): Promise<TableResponse> {
  const { policy, parsed, user } = request;
  const raw = readWriteBody(request.body, 'insert');
  // Before any other work: a 2,000-row array is refused for the price of counting it.
  await request.insertLimiter.admit(policy.name, user.id, raw.length);
  const sent = raw.map((row) => validateWriteValues(policy, row, 'insert', parsed.columns));
  const resolution = parsed.preferences.resolution;
  const target = resolution ? conflictTarget(policy, parsed.onConflict) : null;

  const written = await runWrite(request, async (context) => {
    const prepared: Row[] = [];
    for (const row of sent) prepared.push(await policy.prepareInsert(row, context));
    // Every row names every column, so rows go in multi-row statements on both dialects.
    const columns = [...new Set(prepared.flatMap((row) => Object.keys(row)))];
    const values = prepared.map((row) =>
      Object.fromEntries(columns.map((c) => [c, row[c] ?? null])),
    );
    if (target && resolution === 'merge-duplicates') requireDistinctKeys(values, target);

    const db = dynamicDb({ db: context.trx });
    const inserted = await insertInSlices(values, async (slice) => {
      const statement = db.insertInto(policy.name).values(slice);
      const resolved = target
        ? statement.onConflict((conflict) => conflict.columns(target).doNothing())
        : statement;
      return (await resolved.returningAll().execute()) as Row[];
    });
    const stored =
      inserted.length > 0 && policy.afterInsert
        ? ((await policy.afterInsert(inserted, context)) ?? inserted)
        : inserted;
    if (!target) {
      if (parsed.singular && stored.length !== 1) throw singularError(stored.length);
      return stored;
    }

    const insertedKeys = new Set(inserted.map((row) => keyOf(row, target)));
    const existing = values.filter((row) => !insertedKeys.has(keyOf(row, target)));
    const updated =
      resolution === 'merge-duplicates' && existing.length > 0
        ? await mergeExistingRows(db, { policy, user, sent, target, existing })
        : [];
    // Answer in the order the client sent the rows, as one statement would have.
    const position = new Map<string, number>();
    values.forEach((row, index) => {
      const key = keyOf(row, target);
      if (!position.has(key)) position.set(key, index);
    });
    const rows = [...stored, ...updated].sort(
      (a, b) => position.get(keyOf(a, target))! - position.get(keyOf(b, target))!,
    );
    if (parsed.singular && rows.length !== 1) throw singularError(rows.length);
    return rows;
  });

  return answerWrite(request, written, 201);
}
