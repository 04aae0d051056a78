import type { Expression, SqlBool } from 'kysely';
import { PostgrestCode, PostgrestError } from '../../lib/postgrest';
import { bindConditions } from './query/bind-conditions';
import { Bindings } from './query/bindings';
import { compileWhere, type CompileContext } from './query/conditions';
import { answerWrite } from './write-answer';
import {
  dynamicDb,
  runWrite,
  singularError,
  type TableRequest,
  type TableResponse,
} from './table-request';
import type { Row, TableExpressions } from './tables/types';
import { readWriteBody, validateWriteValues } from './write-values';

const permissionDenied = (table: string, verb: string) =>
  new PostgrestError({
    status: 403,
    code: PostgrestCode.insufficientPrivilege,
    message: `permission denied to ${verb} these rows of "${table}"`,
    hint: 'Only the owner can do this',
  });

/**
 * PATCH and DELETE. The policy's row filter is part of the SQL, so a bulk change touches only
 * rows the user may change. When nothing changed but the user can see rows that match, they
 * are told it was refused (403) instead of a silent success; rows they cannot see stay secret.
 */
export async function changeRows(
  request: TableRequest,
  verb: 'update' | 'delete',
): Promise<TableResponse> {
  const { policy, parsed, user } = request;
  const allowed = verb === 'update' ? policy.canUpdate : policy.canDelete;
  if (!allowed) throw permissionDenied(policy.name, verb);
  const patch =
    verb === 'update'
      ? validateWriteValues(
          policy,
          readWriteBody(request.body, 'update')[0]!,
          'update',
          parsed.columns,
        )
      : {};

  if (verb === 'update' && Object.keys(patch).length === 0) {
    throw new PostgrestError({
      status: 400,
      code: PostgrestCode.invalidBody,
      message: 'Empty or invalid json',
      details: 'nothing to update',
    });
  }

  // Writes are built afresh each time (they are rare next to reads), so values bind directly.
  const { operands } = bindConditions(parsed.filters, {
    policy,
    database: request.database,
    bindings: Bindings.forOneRun(),
  });
  const context: CompileContext = { policy, user, database: request.database, operands };
  const where = (eb: TableExpressions, rowFilter: Expression<SqlBool>) =>
    compileWhere(eb, rowFilter, parsed.filters, context);

  const changed = await runWrite(request, async (policyContext) => {
    const db = dynamicDb({ db: policyContext.trx });
    let rows: Row[];
    if (verb === 'delete') {
      rows = (await db
        .deleteFrom(policy.name)
        .where((eb) => where(eb, allowed(eb, user)))
        .returningAll()
        .execute()) as Row[];
    } else {
      const values = policy.prepareUpdate ? policy.prepareUpdate(patch, policyContext) : patch;
      const before = policy.afterUpdate
        ? ((await db
            .selectFrom(policy.name)
            .selectAll()
            .where((eb) => where(eb, allowed(eb, user)))
            .execute()) as Row[])
        : [];
      rows = (await db
        .updateTable(policy.name)
        .set(values)
        .where((eb) => where(eb, allowed(eb, user)))
        .returningAll()
        .execute()) as Row[];
      policy.afterUpdate?.(before, rows, policyContext);
    }
    if (rows.length === 0) {
      const visible = await db
        .selectFrom(policy.name)
        .select((eb) => eb.lit(1).as('one'))
        .where((eb) => where(eb, policy.canRead(eb, user)))
        .limit(1)
        .executeTakeFirst();
      if (visible) throw permissionDenied(policy.name, verb);
    }
    if (parsed.singular && rows.length !== 1) throw singularError(rows.length);
    const { handling, maxAffected } = parsed.preferences;
    // Throwing inside the transaction rolls the whole change back.
    if (handling === 'strict' && maxAffected !== null && rows.length > maxAffected) {
      throw new PostgrestError({
        status: 400,
        code: PostgrestCode.maxAffectedExceeded,
        message: 'Query result exceeds max-affected preference constraint',
        details: `The query affects ${rows.length} rows`,
      });
    }
    return rows;
  });

  return answerWrite(request, changed, 200);
}
