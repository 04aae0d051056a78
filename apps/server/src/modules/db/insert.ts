import { PostgrestError } from '../../lib/postgrest';
import { expandSelect, projectRow } from './query/select-list';
import {
  baseHeaders,
  contentRange,
  dynamicDb,
  runWrite,
  singularError,
  type TableRequest,
  type TableResponse,
} from './table-request';
import type { Row, TablePolicy } from './tables/types';
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
      code: '42P10',
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

/** POST: insert one or many rows, or upsert with Prefer: resolution=... and on_conflict. */
export async function insertRows(request: TableRequest): Promise<TableResponse> {
  const { policy, parsed, user } = request;
  const sent = readWriteBody(request.body, 'insert').map((row) =>
    validateWriteValues(policy, row, 'insert', parsed.columns),
  );
  const resolution = parsed.preferences.resolution;
  const target = resolution ? conflictTarget(policy, parsed.onConflict) : null;

  const inserted = await runWrite(request, async (context) => {
    const prepared: Row[] = [];
    for (const row of sent) prepared.push(await policy.prepareInsert(row, context));
    // Every row names every column, so a multi-row insert is one statement on both dialects.
    const columns = [...new Set(prepared.flatMap((row) => Object.keys(row)))];
    const values = prepared.map((row) =>
      Object.fromEntries(columns.map((c) => [c, row[c] ?? null])),
    );

    let statement = dynamicDb({ ...request.database, db: context.trx })
      .insertInto(policy.name)
      .values(values);
    if (target && resolution === 'ignore-duplicates') {
      statement = statement.onConflict((conflict) => conflict.columns(target).doNothing());
    } else if (target) {
      const merged = mergeColumns(policy, sent, target);
      const canUpdate = policy.canUpdate;
      statement = statement.onConflict((conflict) => {
        const update = conflict
          .columns(target)
          .doUpdateSet((eb) => Object.fromEntries(merged.map((c) => [c, eb.ref(`excluded.${c}`)])));
        // An existing row the user may not change is left alone, and not returned (see below).
        return canUpdate
          ? update.where((eb) => canUpdate(eb, user))
          : update.where((eb) => eb.lit(false));
      });
    }
    const rows = (await statement.returningAll().execute()) as Row[];
    // A merge returns every row it inserted or updated; one missing was an existing row the
    // policy kept the student from changing, and the whole upsert is refused (as row-level
    // security refuses it in PostgreSQL).
    if (resolution === 'merge-duplicates' && rows.length < values.length) {
      throw new PostgrestError({
        status: 403,
        code: '42501',
        message: `permission denied to update existing rows of "${policy.name}"`,
        hint: 'Only the owner can change an existing row',
      });
    }
    if (parsed.singular && rows.length !== 1) throw singularError(rows.length);
    return rows;
  });

  const headers = {
    ...baseHeaders(request),
    'content-range': contentRange(0, 0, parsed.preferences.count ? inserted.length : null),
  };
  if (parsed.preferences.return !== 'representation') return { status: 201, headers };
  const output = expandSelect(policy, parsed.select);
  const body = inserted.map((row) => projectRow(row, output, policy, user));
  return { status: 201, headers, body: parsed.singular ? body[0] : body };
}
