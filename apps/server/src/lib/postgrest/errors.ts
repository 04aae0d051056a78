import { PostgrestCode } from './error-codes';

/** The JSON body PostgREST sends for every error; postgrest-js reads exactly these four keys. */
export interface PostgrestErrorBody {
  code: string;
  details: string | null;
  hint: string | null;
  message: string;
}

export interface PostgrestErrorInit {
  status: number;
  code: string;
  message: string;
  details?: string | null;
  hint?: string | null;
}

/** A request the parser refuses, carrying the HTTP status and PostgREST's error body. */
export class PostgrestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: string | null;
  readonly hint: string | null;

  constructor(init: PostgrestErrorInit) {
    super(init.message);
    this.name = 'PostgrestError';
    this.status = init.status;
    this.code = init.code;
    this.details = init.details ?? null;
    this.hint = init.hint ?? null;
  }

  toJSON(): PostgrestErrorBody {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/** PGRST100: PostgREST's code for any query string it cannot parse. */
export function createParseError(
  message: string,
  details: string | null,
  hint: string | null = null,
): PostgrestError {
  return new PostgrestError({
    status: 400,
    code: PostgrestCode.invalidQuery,
    message,
    details,
    hint,
  });
}

/**
 * Thrown by the inner parsers, which do not know which query parameter they are reading;
 * `describeFailure` turns it into a PostgrestError naming the parameter, like PostgREST does.
 */
export class ParseFailure extends Error {
  /** Valid PostgREST syntax that this server deliberately does not implement. */
  readonly unsupported: boolean;

  constructor(details: string, options: { unsupported?: boolean } = {}) {
    super(details);
    this.name = 'ParseFailure';
    this.unsupported = options.unsupported ?? false;
  }
}

/**
 * Runs a parser and reports its failure the PostgREST way: the message quotes the offending
 * parameter (`"failed to parse filter (eq)"`) and the details say what was wrong. For
 * unsupported features the reason is the more useful headline, so message and details swap.
 */
export function describeFailure<T>(context: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof ParseFailure)) throw error;
    const headline = `"${context}"`;
    return error.unsupported
      ? throwError(createParseError(error.message, headline))
      : throwError(createParseError(headline, error.message));
  }
}

function throwError(error: PostgrestError): never {
  throw error;
}
