import type { Config } from '../../config';
import { unsupportedPage } from './data-errors';
import { detectContentKind, mediaTypeOf } from './document-kind';
import { extractContent } from './extract-content';
import { fetchPage } from './fetch-page';

export interface ExtractedPage {
  /** Where the text came from: the URL after redirects. */
  url: string;
  title: string;
  text: string;
  excerpt?: string;
  byline?: string;
}

/** POST /api/data/{project}/extract-from-url: a web page, text file or PDF as readable text. */
export async function extractFromUrl(url: string, config: Config): Promise<ExtractedPage> {
  const page = await fetchPage(url, config);
  const contentType = page.headers['content-type'] ?? '';
  const mediaType = mediaTypeOf(contentType);
  const kind = await detectContentKind(page.body, { mediaType });
  if (!kind) throw unsupportedPage(mediaType);
  const { title = '', ...rest } = await extractContent(kind, page.body, {
    contentType,
    requireUtf8: false,
  });
  return { url: page.url, title, ...rest };
}
