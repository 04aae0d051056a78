import type { CheerioAPI } from 'cheerio';
import type { Config } from '../../config';
import { notAnHtmlPage } from './data-errors';
import { detectContentKind, mediaTypeOf } from './document-kind';
import { fetchPage } from './fetch-page';
import { parseHtmlDocument } from './html-extract';
import { capText } from './normalize-text';
import { decodeText } from './text-decoding';
import { visibleText, type TextSourceNode } from './visible-text';

export interface ScrapedPage {
  /** The URL after redirects, which the links are resolved against. */
  url: string;
  title: string;
  links: { text: string; url: string }[];
  text: string;
  fields?: Record<string, string[]>;
}

// Bounds on one answer: a link farm or a selector matching every cell stays a sane response.
const MAX_LINKS = 500;
const MAX_LINK_TEXT = 300;
const MAX_MATCHES_PER_FIELD = 200;
const MAX_FIELD_CHARS = 20_000;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** http(s) only: a `javascript:` or `mailto:` link is nothing a scraper can follow. */
function resolveHttp(href: string, base: URL): URL | undefined {
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The page's `<base href>` when it names an http(s) URL, as browsers resolve links. */
function baseOf($: CheerioAPI, pageUrl: string): URL {
  const page = new URL(pageUrl);
  const declared = $('base[href]').first().attr('href');
  return (declared && resolveHttp(declared, page)) || page;
}

function linksOf($: CheerioAPI, base: URL): ScrapedPage['links'] {
  const links: ScrapedPage['links'] = [];
  const seen = new Set<string>();
  for (const anchor of $('a[href]')) {
    if (links.length === MAX_LINKS) break;
    const url = resolveHttp($(anchor).attr('href') ?? '', base)?.toString();
    if (!url || seen.has(url)) continue;
    seen.add(url);
    links.push({ text: capText(collapse($(anchor).text()), MAX_LINK_TEXT), url });
  }
  return links;
}

/** Each selector's matches as trimmed text, bounded in count and in total length. */
function fieldsOf($: CheerioAPI, selectors: Record<string, string>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(selectors).map(([name, css]) => {
      const values: string[] = [];
      let budget = MAX_FIELD_CHARS;
      for (const match of $(css)) {
        if (values.length === MAX_MATCHES_PER_FIELD || budget <= 0) break;
        const value = capText(collapse($(match).text()), budget);
        budget -= value.length;
        values.push(value);
      }
      return [name, values];
    }),
  );
}

/**
 * POST /api/data/{project}/scrape: an HTML page's title, links, visible text and, for each named
 * CSS selector, the text of what it matches.
 */
export async function scrapePage(
  url: string,
  selectors: Record<string, string> | undefined,
  config: Config,
): Promise<ScrapedPage> {
  const page = await fetchPage(url, config);
  const contentType = page.headers['content-type'] ?? '';
  const mediaType = mediaTypeOf(contentType);
  if ((await detectContentKind(page.body, { mediaType })) !== 'html') {
    throw notAnHtmlPage(mediaType);
  }
  const html = decodeText(page.body, { contentType, html: true });
  // Loaded with the first scrape, not at start-up (docs/architecture.md §2.1).
  const { load } = await import('cheerio');
  const $ = load(html);
  // cheerio answers the selectors; the text walk (shared with extract) reads linkedom's DOM.
  const document = await parseHtmlDocument(html);
  return {
    url: page.url,
    title: collapse($('title').first().text()) || collapse($('h1').first().text()),
    links: linksOf($, baseOf($, page.url)),
    text: visibleText(document.body as TextSourceNode),
    ...(selectors ? { fields: fieldsOf($, selectors) } : {}),
  };
}
