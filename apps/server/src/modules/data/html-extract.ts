import type { parseHTML } from 'linkedom';
import { capText } from './normalize-text';
import { visibleText, type TextSourceNode } from './visible-text';

export interface ExtractedText {
  title: string;
  text: string;
  excerpt?: string;
  byline?: string;
}

type HtmlDocument = ReturnType<typeof parseHTML>['document'];

/**
 * linkedom makes the first element of a fragment its document element and leaves `body` unusable,
 * so markup that is not a whole document is parsed again inside one. linkedom and Readability
 * are loaded with the first page, not at start-up (docs/architecture.md §2.1).
 */
export async function parseHtmlDocument(html: string): Promise<HtmlDocument> {
  const { parseHTML } = await import('linkedom');
  const { document } = parseHTML(html);
  if (document.documentElement?.nodeName.toUpperCase() === 'HTML' && document.body) return document;
  return parseHTML(`<!doctype html><html><head></head><body>${html}</body></html>`).document;
}

/** Titles, bylines and excerpts are a line or a paragraph; a page cannot make them a book. */
const MAX_META_CHARS = 2000;

const clean = (value: string | null | undefined) =>
  capText(value?.replace(/\s+/g, ' ').trim() ?? '', MAX_META_CHARS);

/** The page's `<title>`, or its first heading when it has none. */
function titleOf(document: HtmlDocument): string {
  return clean(document.title) || clean(document.querySelector('h1')?.textContent);
}

/** Drops an optional field rather than sending it empty. */
function optional(value: string | null | undefined): string | undefined {
  const cleaned = clean(value);
  return cleaned || undefined;
}

/**
 * The readable text of an HTML page. Readability finds the article (its title, byline and
 * excerpt); a page it does not take for an article (a home page, a list, a form) gives its title
 * and all its visible text instead.
 */
export async function extractHtml(html: string): Promise<ExtractedText> {
  const { isProbablyReaderable, Readability } = await import('@mozilla/readability');
  const document = await parseHtmlDocument(html);
  const title = titleOf(document);
  const fallback = (page: HtmlDocument) => ({
    title,
    text: visibleText(page.body as TextSourceNode),
  });
  if (!isProbablyReaderable(document)) return fallback(document);
  const article = new Readability(document, {
    serializer: (element: unknown) => element as TextSourceNode,
  }).parse();
  const text = article?.content ? visibleText(article.content) : '';
  // Readability has rewritten the document by now, so the fallback reads the page afresh.
  if (!article || !text) return fallback(await parseHtmlDocument(html));
  const excerpt = optional(article.excerpt);
  const byline = optional(article.byline);
  return {
    title: clean(article.title) || title,
    text,
    ...(excerpt ? { excerpt } : {}),
    ...(byline ? { byline } : {}),
  };
}
