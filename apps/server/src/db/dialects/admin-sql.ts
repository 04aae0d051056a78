import { PostgrestCode } from '../../lib/postgrest/error-codes';

/** A raw statement from a SERVICE_KEY holder (POST /sql and /batch). */
export interface AdminStatement {
  query: string;
  params: unknown[];
}

export interface AdminStatementResult {
  /** Rows a statement returned, at most `maxRows`. */
  rows: Record<string, unknown>[];
  /** Rows returned, or rows changed by a statement that returns none. */
  rowCount: number;
  /** True when the statement returned more than `maxRows` rows. */
  truncated: boolean;
}

export interface AdminSqlOptions {
  /** Refuse every write (batch mode 'read'). */
  readOnly: boolean;
  timeoutMs: number;
  maxRows: number;
}

/** PostgreSQL's code for a statement cancelled by its timeout; the SQLite worker's too. */
export const STATEMENT_TIMEOUT = PostgrestCode.queryCanceled;

/** A statement the database refused or gave up on, with its own words. */
export class AdminSqlError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'AdminSqlError';
  }

  /** Whether the statement ran out of time, rather than being refused. */
  get timedOut(): boolean {
    return this.code === STATEMENT_TIMEOUT;
  }
}
