import type { DocumentKind } from './document-extract';

/** What an extraction reads a body as; undefined for anything it cannot read. */
export type ContentKind = DocumentKind | 'html' | 'text';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const TEXT_TYPES = new Set(['text/plain', 'text/markdown', 'text/x-markdown']);
const HTML_START = /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html|head|body)[\s>]/i;

/** The media type of a Content-Type header, lower case, without its parameters. */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

export interface Declared {
  /** The Content-Type the server or the browser gave. */
  mediaType: string;
  /** An uploaded file's name, whose extension a browser often knows better than its type. */
  fileName?: string;
}

const extensionOf = (name = '') => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/**
 * What a body is, from its content first (file-type reads its signature) and from what it was
 * declared as only where the content has no signature (HTML, text). A PNG labelled text/html is
 * a PNG; a ZIP is only read as a DOCX when it was declared one (file-type reports DOCX itself
 * only when the archive's first entries say so).
 */
export async function detectContentKind(
  bytes: Uint8Array,
  declared: Declared,
): Promise<ContentKind | undefined> {
  const extension = extensionOf(declared.fileName);
  // Loaded on first use, not at start-up (docs/architecture.md §2.1).
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (detected?.ext === 'pdf') return 'pdf';
  if (detected?.ext === 'docx') return 'docx';
  if (detected?.ext === 'zip' && (declared.mediaType === DOCX_TYPE || extension === 'docx')) {
    return 'docx';
  }
  // XHTML carries an XML declaration; anything else with a signature is not text.
  if (detected && detected.ext !== 'xml') return undefined;
  if (HTML_TYPES.has(declared.mediaType) || extension === 'html' || extension === 'htm') {
    return 'html';
  }
  if (TEXT_TYPES.has(declared.mediaType) || ['txt', 'md', 'markdown'].includes(extension)) {
    return 'text';
  }
  // Undeclared (or declared as mere bytes): markup that opens like a page is one.
  if (declared.mediaType === '' || declared.mediaType === 'application/octet-stream') {
    const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
    if (HTML_START.test(head)) return 'html';
    // A NUL byte never occurs in text; it marks a binary format file-type does not know.
    return head.includes('\0') ? undefined : 'text';
  }
  return undefined;
}
