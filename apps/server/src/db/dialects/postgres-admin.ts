import { CompiledQuery, sql, type Kysely } from 'kysely';
import { PostgrestCode } from '../../lib/postgrest/error-codes';
import type { Database } from '../schema';
import type { AdminSqlOptions, AdminStatement, AdminStatementResult } from './admin-sql';
import { AdminSqlError } from './admin-sql';

/**
 * A read is wrapped in an outer LIMIT so the server never loads more than it returns; other
 * statements are run as they are (what they return is bounded by what they change).
 */
function boundRead(query: string, maxRows: number): string {
  const body = query.trim().replace(/;+\s*$/, '');
  return /^(select|with|values|table)\b/i.test(body) && !body.includes(';')
    ? `select * from (${body}) as admin_query limit ${maxRows + 1}`
    : query;
}

/** Admin statements in one transaction, with a statement timeout, read-only when asked. */
export async function runPostgresAdminStatements(
  db: Kysely<Database>,
  statements: AdminStatement[],
  options: AdminSqlOptions,
): Promise<AdminStatementResult[]> {
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`select set_config('statement_timeout', ${String(options.timeoutMs)}, true)`.execute(
        trx,
      );
      if (options.readOnly) await sql`set transaction read only`.execute(trx);
      const results: AdminStatementResult[] = [];
      for (const { query, params } of statements) {
        const result = await trx.executeQuery<Record<string, unknown>>(
          CompiledQuery.raw(boundRead(query, options.maxRows), params),
        );
        const truncated = result.rows.length > options.maxRows;
        const rows = truncated ? result.rows.slice(0, options.maxRows) : result.rows;
        const changed =
          result.numAffectedRows === undefined ? rows.length : Number(result.numAffectedRows);
        results.push({ rows, rowCount: rows.length > 0 ? rows.length : changed, truncated });
      }
      return results;
    });
  } catch (error) {
    const { message, code } = error as { message: string; code?: string };
    throw new AdminSqlError(message, code ?? PostgrestCode.internalError);
  }
}
