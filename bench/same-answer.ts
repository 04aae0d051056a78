import type { Request } from 'autocannon';

interface Answer {
  status: number;
  range: string | null;
  body: unknown;
}

async function fetchOnce(baseUrl: string, request: Request): Promise<Answer> {
  const headers = Object.fromEntries(
    Object.entries(request.headers ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  const response = await fetch(`${baseUrl}${request.path ?? '/'}`, { headers });
  const text = await response.text();
  return {
    status: response.status,
    range: response.headers.get('content-range'),
    body: text ? (JSON.parse(text) as unknown) : null,
  };
}

/** Row ids (or the object's keys) and each row's keys: what "the same answer" must share. */
function describe(body: unknown): string {
  const rows = Array.isArray(body)
    ? (body as Record<string, unknown>[])
    : [body as Record<string, unknown>];
  const ids = rows.map((row) => String(row?.id ?? ''));
  const keys = rows[0] && typeof rows[0] === 'object' ? Object.keys(rows[0]).sort() : [];
  return `${rows.length} rows [${ids.slice(0, 3).join(',')}…] keys ${keys.join(',')}`;
}

/** The total a Content-Range reports (`0-11/40`: 40), or `*` when it has none. */
const totalOf = (range: string | null) => range?.split('/')[1] ?? '*';

/** What the app answered, for the table: the rows of a page, and the total a count reports. */
function answerSize(answer: Answer): string {
  if (!Array.isArray(answer.body)) return '1 object';
  const rows = answer.body.length;
  const total = totalOf(answer.range);
  if (total === '*') return `${rows} row${rows === 1 ? '' : 's'}`;
  return rows === 0 ? `count ${total}` : `${rows} of ${total}`;
}

export interface AnswerCheck {
  /** What differs between the app's answer and the baseline's, or null when they agree. */
  mismatch: string | null;
  /** The app's answer in a few words ("12 rows", "1 of 7", "count 3"). */
  size: string;
}

/**
 * Asks the app and the baseline once before measuring and compares their answers. A ratio is
 * only honest when both did the same work: the same rows, the same columns, the same count. An
 * empty answer is worth a warning too, unless empty is the answer the path asks for.
 */
export async function compareAnswers(
  appUrl: string,
  appRequest: Request,
  baselineUrl: string,
  baselinePath: string,
  { answersNoRows = false } = {},
): Promise<AnswerCheck> {
  const [app, baseline] = await Promise.all([
    fetchOnce(appUrl, appRequest),
    fetchOnce(baselineUrl, { path: baselinePath }),
  ]);
  const problems: string[] = [];
  if (app.status >= 300) problems.push(`app answered ${app.status}`);
  const appShape = describe(app.body);
  const baselineShape = describe(baseline.body);
  if (appShape !== baselineShape) problems.push(`app ${appShape} vs baseline ${baselineShape}`);
  if (totalOf(app.range) !== totalOf(baseline.range)) {
    problems.push(`count ${totalOf(app.range)} vs ${totalOf(baseline.range)}`);
  }
  const empty = Array.isArray(app.body) && app.body.length === 0;
  if (answersNoRows && !empty) problems.push('app returned rows where none match');
  if (!answersNoRows && empty && totalOf(app.range) === '*') problems.push('app returned no rows');
  return { mismatch: problems.length > 0 ? problems.join('; ') : null, size: answerSize(app) };
}
