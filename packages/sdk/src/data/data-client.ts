import { SdkErrorKind } from '../errors/sdk-error';
import type { ApiClient } from '../http/api-client';
import type { Result } from '../http/result';

/** Cancels a call: it then fails with code ABORTED (`isAbortError`). */
export interface DataCallOptions {
  signal?: AbortSignal;
}

export interface ExtractFromUrlInput {
  url: string;
}

/** The readable text of a page or document, with what the page says about itself. */
export interface ExtractFromUrlOutput {
  /** The address the text came from, after redirects. */
  url: string;
  title: string;
  text: string;
  excerpt?: string;
  byline?: string;
}

export interface ExtractFromBlobOutput {
  title?: string;
  text: string;
}

export interface ScrapeInput {
  url: string;
  /** Named CSS selectors; each name comes back in `fields` with the text of every match. */
  selectors?: Record<string, string>;
}

export interface ScrapeOutput {
  url: string;
  title: string;
  links: { text: string; url: string }[];
  text: string;
  fields?: Record<string, string[]>;
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

export interface SearchOutput {
  results: { title: string; url: string; snippet: string }[];
}

/**
 * Data endpoints of docs/product.md §7.10 (`/api/data/{project}/extract-from-url|
 * extract-from-blob|scrape|screenshot|fetch|search`) as thin typed calls. Every outbound address
 * is checked by the server: a private or loopback one is 400 URL_NOT_ALLOWED; each student has a
 * rate limit (429).
 */
export function createDataClient(deps: { api: ApiClient; projectId: string }) {
  const post = <T>(name: string, body: unknown, options?: DataCallOptions) =>
    deps.api.request<T>({
      method: 'POST',
      path: `/api/data/${encodeURIComponent(deps.projectId)}/${name}`,
      body,
      auth: 'required',
      kind: SdkErrorKind.data,
      ...(options?.signal ? { signal: options.signal } : {}),
    });

  return {
    /** The readable text of the page or document at `url` (415 when it has none). */
    extractFromUrl: (
      input: ExtractFromUrlInput,
      options?: DataCallOptions,
    ): Promise<Result<ExtractFromUrlOutput>> =>
      post('extract-from-url', { url: input.url }, options),

    /** The text of an uploaded document (PDF, Word, HTML, text), sent as multipart `file`. */
    extractFromBlob(
      file: Blob,
      fileName = 'document',
      options?: DataCallOptions,
    ): Promise<Result<ExtractFromBlobOutput>> {
      const form = new FormData();
      form.append('file', file, file instanceof File && file.name ? file.name : fileName);
      return post('extract-from-blob', form, options);
    },

    /** A page's title, text and links, and the text of each named selector's matches. */
    scrape: (input: ScrapeInput, options?: DataCallOptions): Promise<Result<ScrapeOutput>> =>
      post('scrape', input, options),

    /** Takes a screenshot of a web page; resolves with the URL of the saved image. */
    screenshot: (
      input: ScreenshotInput,
      options?: DataCallOptions,
    ): Promise<Result<{ url: string }>> => post('screenshot', input, options),

    /**
     * Fetches a URL through the server, as the signed-in student: the answer's status, headers
     * and body as text.
     */
    fetch: (input: FetchInput, options?: DataCallOptions): Promise<Result<FetchOutput>> =>
      post('fetch', input, options),

    /** Searches the web (503 SEARCH_NOT_CONFIGURED when the server has no search provider). */
    search: (input: SearchInput, options?: DataCallOptions): Promise<Result<SearchOutput>> =>
      post('search', input, options),
  };
}

export type DataClient = ReturnType<typeof createDataClient>;
