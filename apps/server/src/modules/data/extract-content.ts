import { unsupportedFile } from './data-errors';
import { extractDocument } from './document-extract';
import type { ContentKind } from './document-kind';
import { extractHtml } from './html-extract';
import { normalizeText } from './normalize-text';
import { decodeStrictUtf8, decodeText } from './text-decoding';

export interface Extraction {
  title?: string;
  text: string;
  excerpt?: string;
  byline?: string;
}

export interface ExtractionSource {
  /** The Content-Type it came with, for its charset. */
  contentType: string;
  /** Uploaded text must be UTF-8; a web page's charset is guessed as a browser would. */
  requireUtf8: boolean;
}

const MARKDOWN_HEADING = /^#{1,6}[^\S\n]+(.+?)[^\S\n]*#*$/;

/** A text or markdown file's title: its first line when that is a markdown heading. */
function headingOf(text: string): string | undefined {
  return MARKDOWN_HEADING.exec(text.split('\n', 1)[0] ?? '')?.[1]?.trim() || undefined;
}

/** The readable text of a body of a known kind, shared by extract-from-url and -from-blob. */
export async function extractContent(
  kind: ContentKind,
  bytes: Uint8Array,
  source: ExtractionSource,
): Promise<Extraction> {
  if (kind === 'pdf' || kind === 'docx') return extractDocument(kind, bytes);
  if (kind === 'html') {
    const { title, ...rest } = await extractHtml(decodeText(bytes, { ...source, html: true }));
    return { ...(title ? { title } : {}), ...rest };
  }
  const decoded = source.requireUtf8 ? decodeStrictUtf8(bytes) : decodeText(bytes, source);
  if (decoded === undefined) throw unsupportedFile('text files must be UTF-8');
  const text = normalizeText(decoded);
  const title = headingOf(text);
  return { ...(title ? { title } : {}), text };
}
