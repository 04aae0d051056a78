import { TextDecoder } from 'node:util';

/** How far into an HTML document a `<meta charset>` is looked for (browsers look at 1024 bytes). */
const META_SCAN_BYTES = 4096;
const META_CHARSET = /<meta[^>]*?charset\s*=\s*["']?\s*([A-Za-z0-9_:.-]+)/i;

/** A decoder for a charset label, or undefined when the label is unknown (WHATWG Encoding). */
function decoderFor(label: string | undefined, fatal = false): TextDecoder | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label.trim(), { fatal });
  } catch {
    return undefined;
  }
}

/** The `charset` parameter of a Content-Type header. */
export function charsetOf(contentType: string): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1];
}

function byteOrderMark(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return undefined;
}

function metaCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, META_SCAN_BYTES)).toString('latin1');
  return META_CHARSET.exec(head)?.[1];
}

/** UTF-8 if every byte sequence is valid UTF-8, else undefined; a BOM is dropped. */
export function decodeStrictUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * Text in the charset it says it is in, as browsers pick it: a byte order mark, then the
 * Content-Type's charset, then (for HTML) a `<meta charset>`, then UTF-8 when the bytes are valid
 * UTF-8 and windows-1252 (what `latin1` and `iso-8859-1` mean on the web) when they are not.
 */
export function decodeText(
  bytes: Uint8Array,
  options: { contentType?: string; html?: boolean } = {},
): string {
  const declared =
    decoderFor(byteOrderMark(bytes)) ??
    decoderFor(charsetOf(options.contentType ?? '')) ??
    (options.html ? decoderFor(metaCharset(bytes)) : undefined);
  if (declared) return declared.decode(bytes);
  return decodeStrictUtf8(bytes) ?? new TextDecoder('windows-1252').decode(bytes);
}
