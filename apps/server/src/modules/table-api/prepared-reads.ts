import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { readHeader, REQUEST_HEADERS, type RequestHeaders } from '../../lib/postgrest';
import type { PreparedRead } from './read';

// Clients repeat the same reads (a badge's unread count, a dashboard's figures, a list's first
// page), and parsing and preparing one again was much of a small read's time
// (docs/decisions/011-hot-path-costs.md). The URLs come from clients, so the reads kept are
// bounded in number, and a long URL's is not kept at all.
const READS_KEPT = 500;
const LONGEST_KEPT_URL = 2048;

/**
 * Reads prepared before, by everything that decides them: the method, the URL (project, table,
 * query string) and the headers a parse reads. A read's answer depends on nothing else (read.ts),
 * so a kept one never goes stale; the user is added each time it runs. On SQLite a search's plan
 * also depends on how many rows held its text when it was prepared (db/dialects/sqlite-search.ts),
 * which may change how fast a kept read runs, never what it answers.
 */
export class PreparedReads {
  private readonly reads = new LRUCache<string, PreparedRead>({ max: READS_KEPT });

  /**
   * The key of this request's read, or null for one that is not kept: the method (HEAD runs the
   * GET route, but a parse treats the Range header by method), the URL and every header a parse
   * reads, as listed by the parser itself.
   */
  keyOf(request: FastifyRequest): string | null {
    if (request.url.length > LONGEST_KEPT_URL) return null;
    const headers = request.headers as RequestHeaders;
    const parts: (string | string[])[] = [request.method, request.url];
    for (const name of REQUEST_HEADERS) parts.push(readHeader(headers, name));
    return JSON.stringify(parts);
  }

  get(key: string | null): PreparedRead | undefined {
    return key === null ? undefined : this.reads.get(key);
  }

  set(key: string | null, read: PreparedRead): void {
    if (key !== null) this.reads.set(key, read);
  }
}
