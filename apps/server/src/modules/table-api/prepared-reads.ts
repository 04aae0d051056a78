import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { readHeader, REQUEST_HEADERS, type RequestHeaders } from '../../lib/postgrest';
import type { PreparedRead } from './read';

// Clients repeat the same reads (a badge's unread count, a dashboard's figures, a list's first
// page), and parsing and planning one again is wasted work (decision 011). The URLs come
// from clients, so the reads kept are bounded in number, and a long URL's is not kept at all.
const READS_KEPT = 500;
const LONGEST_KEPT_URL = 2048;

/**
 * Reads prepared before, by everything that decides them: the method, the URL (project, table,
 * query string) and the headers a parse reads. A read depends on nothing else (read.ts), so a kept one
 * never goes stale; the user is added each time it runs.
 */
export class PreparedReads {
  private readonly reads = new LRUCache<string, PreparedRead>({ max: READS_KEPT });

  /** The key of this request's read, or null for one that is not kept. */
  keyOf(request: FastifyRequest): string | null {
    if (request.url.length > LONGEST_KEPT_URL) return null;
    const headers = request.headers as RequestHeaders;
    const values: string[][] = [];
    for (const name of REQUEST_HEADERS) values.push(readHeader(headers, name));
    // HEAD runs the GET route, but a parse treats the Range header by method. A URL holds no
    // line break, and JSON keeps each header's values apart.
    return `${request.method} ${request.url}\n${JSON.stringify(values)}`;
  }

  get(key: string | null): PreparedRead | undefined {
    return key === null ? undefined : this.reads.get(key);
  }

  set(key: string | null, read: PreparedRead): void {
    if (key !== null) this.reads.set(key, read);
  }
}
