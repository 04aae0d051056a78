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

/** A statement the database refused or gave up on, with its own words. */
export class AdminSqlError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly timedOut = false,
  ) {
    super(message);
    this.name = 'AdminSqlError';
  }
}
