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

/**
 * Asks the app and the baseline once before measuring and compares their answers. A ratio is
 * only honest when both did the same work: the same rows, the same columns, the same count.
 * Returns null when they agree, else what differs; an empty answer is worth a warning too.
 */
export async function compareAnswers(
  appUrl: string,
  appRequest: Request,
  baselineUrl: string,
  baselinePath: string,
): Promise<string | null> {
  const [app, baseline] = await Promise.all([
    fetchOnce(appUrl, appRequest),
    fetchOnce(baselineUrl, { path: baselinePath }),
  ]);
  const problems: string[] = [];
  if (app.status >= 300) problems.push(`app answered ${app.status}`);
  const appShape = describe(app.body);
  const baselineShape = describe(baseline.body);
  if (appShape !== baselineShape) problems.push(`app ${appShape} vs baseline ${baselineShape}`);
  const total = (range: string | null) => range?.split('/')[1] ?? '*';
  if (total(app.range) !== total(baseline.range)) {
    problems.push(`count ${total(app.range)} vs ${total(baseline.range)}`);
  }
  if (Array.isArray(app.body) && app.body.length === 0 && total(app.range) === '*') {
    problems.push('app returned no rows');
  }
  return problems.length > 0 ? problems.join('; ') : null;
}
