import { z } from 'zod';
import { HttpError } from '../../lib/http-error';
import { searchFailed, searchNotConfigured } from './data-errors';

export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
}

/** SearXNG pages hold 10 to 30 results; a few pages reach any limit we allow. */
const MAX_PAGES = 5;
const TIMEOUT_MS = 10_000;
/** A results page is tens of kilobytes; anything near this is not SearXNG. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;
const MAX_TITLE = 500;
const MAX_SNIPPET = 2000;

/** SearXNG's JSON answer, as much of it as we read; each result is checked on its own. */
const searxAnswer = z.object({ results: z.array(z.unknown()) });
const searxResult = z.object({
  url: z.string(),
  title: z.string().catch(''),
  content: z.string().catch(''),
});

const tidy = (text: string, max: number) => text.replace(/\s+/g, ' ').trim().slice(0, max);

/** The result URLs come from the open web: only http(s) ones are passed on to a student. */
function httpUrl(raw: string): string | undefined {
  const url = URL.parse(raw);
  return url && (url.protocol === 'http:' || url.protocol === 'https:')
    ? url.toString()
    : undefined;
}

async function readAnswer(body: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES) throw searchFailed('the search service answered too much');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * One page of results. SEARCH_URL is the operator's own service, often on a private network, so
 * it is reached directly rather than through the student guard of lib/outbound; what it answers
 * is still untrusted and bounded in time and size.
 */
async function searchPage(searchUrl: string, query: string, page: number): Promise<unknown[]> {
  const url = new URL(`${searchUrl}/search`);
  url.searchParams.set('q', query);
  url.searchParams.set('format', 'json');
  if (page > 1) url.searchParams.set('pageno', String(page));
  // Loaded on first use, not at start-up (docs/architecture.md §2.1).
  const { request } = await import('undici');
  let status: number;
  let text: string;
  try {
    const answer = await request(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    status = answer.statusCode;
    text = await readAnswer(answer.body);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw searchFailed('the search service could not be reached or did not answer in time');
  }
  if (status === 403) {
    throw searchFailed('the search service refused JSON (enable "json" in SearXNG search.formats)');
  }
  if (status !== 200) throw searchFailed(`the search service answered HTTP ${status}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw searchFailed('the search service did not answer JSON');
  }
  const answer = searxAnswer.safeParse(parsed);
  if (!answer.success) throw searchFailed('the search service answered without a result list');
  return answer.data.results;
}

/** POST /api/data/{project}/search: web results from the operator's SearXNG (SEARCH_URL). */
export async function searchWeb(
  searchUrl: string | undefined,
  query: string,
  limit: number,
): Promise<{ results: SearchResult[] }> {
  if (!searchUrl) throw searchNotConfigured();
  const results: SearchResult[] = [];
  const seen = new Set<string>();
  for (let page = 1; page <= MAX_PAGES && results.length < limit; page += 1) {
    const before = results.length;
    for (const raw of await searchPage(searchUrl, query, page)) {
      const result = searxResult.safeParse(raw);
      const url = result.success ? httpUrl(result.data.url) : undefined;
      if (!result.success || !url || seen.has(url)) continue;
      seen.add(url);
      results.push({
        title: tidy(result.data.title, MAX_TITLE),
        url,
        snippet: tidy(result.data.content, MAX_SNIPPET),
      });
      if (results.length === limit) break;
    }
    // A page that adds nothing new is the end of the results.
    if (results.length === before) break;
  }
  return { results };
}
