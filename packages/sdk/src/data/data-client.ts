import { SdkErrorKind } from '../errors/sdk-error';
import type { ApiClient } from '../http/api-client';
import type { Result } from '../http/result';

export interface ExtractFromUrlInput {
  url: string;
}

export interface ScrapeInput {
  url: string;
  formats?: string[];
}

export interface ScreenshotInput {
  url: string;
  fullPage?: boolean;
  width?: number;
  height?: number;
}

export interface FetchInput {
  url: string;
  method?: 'GET' | 'POST' | 'HEAD';
  headers?: Record<string, string>;
  body?: string;
}

export interface FetchOutput {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface SearchInput {
  query: string;
  limit?: number;
}

/**
 * Data endpoints of docs/product.md §7.8 (`/api/data/{project}/extract-from-url|extract-from-blob|
 * scrape|screenshot|fetch|search`), as thin typed calls. The server serves `fetch` so far; the
 * others still resolve to its 404 as a DATA_ERROR.
 */
export function createDataClient(deps: { api: ApiClient; projectId: string }) {
  const post = <T>(name: string, body: unknown) =>
    deps.api.request<T>({
      method: 'POST',
      path: `/api/data/${encodeURIComponent(deps.projectId)}/${name}`,
      body,
      auth: 'required',
      kind: SdkErrorKind.data,
    });

  return {
    /** Extracts the text of a document at a URL. Not served yet: 404 DATA_ERROR. */
    extractFromUrl: (input: ExtractFromUrlInput): Promise<Result<{ text: string }>> =>
      post('extract-from-url', input),

    /** Extracts the text of an uploaded document (sent as multipart `file`). Not served yet: 404 DATA_ERROR. */
    extractFromBlob(file: Blob, fileName = 'document'): Promise<Result<{ text: string }>> {
      const form = new FormData();
      form.append('file', file, file instanceof File && file.name ? file.name : fileName);
      return post('extract-from-blob', form);
    },

    /** Scrapes a web page. Not served yet: 404 DATA_ERROR. */
    scrape: (input: ScrapeInput): Promise<Result<Record<string, unknown>>> => post('scrape', input),

    /** Takes a screenshot of a web page; resolves with its URL. Not served yet: 404 DATA_ERROR. */
    screenshot: (input: ScreenshotInput): Promise<Result<{ url: string }>> =>
      post('screenshot', input),

    /**
     * Fetches a URL through the server, as the signed-in student: the answer's status, headers
     * and body as text. Private and loopback destinations are refused (400 URL_NOT_ALLOWED).
     */
    fetch: (input: FetchInput): Promise<Result<FetchOutput>> => post('fetch', input),

    /** Searches the web. Not served yet: 404 DATA_ERROR. */
    search: (input: SearchInput): Promise<Result<{ results: Record<string, unknown>[] }>> =>
      post('search', input),
  };
}

export type DataClient = ReturnType<typeof createDataClient>;
