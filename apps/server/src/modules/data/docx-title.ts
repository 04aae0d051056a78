import { inflateRawSync } from 'node:zlib';

// ZIP record signatures and the fixed sizes of the records read here (APPNOTE.TXT §4.3).
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const END_SIZE = 22;
const ENTRY_SIZE = 46;
const LOCAL_SIZE = 30;
const MAX_COMMENT = 0xffff;

const CORE_PROPERTIES = 'docProps/core.xml';
/** core.xml is a few hundred bytes; inflating stops here, whatever the archive claims. */
const MAX_CORE_BYTES = 256 * 1024;

function findEndOfDirectory(zip: Buffer): number {
  const stop = Math.max(0, zip.length - END_SIZE - MAX_COMMENT);
  for (let at = zip.length - END_SIZE; at >= stop; at -= 1) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  return -1;
}

/** One stored or deflated entry of a ZIP, found through its central directory. */
function readEntry(zip: Buffer, name: string, maxBytes: number): Buffer | undefined {
  const end = findEndOfDirectory(zip);
  if (end < 0) return undefined;
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let index = 0; index < count; index += 1) {
    if (zip.readUInt32LE(at) !== DIRECTORY_ENTRY) return undefined;
    const nameLength = zip.readUInt16LE(at + 28);
    const next =
      at + ENTRY_SIZE + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (zip.toString('utf8', at + ENTRY_SIZE, at + ENTRY_SIZE + nameLength) === name) {
      const method = zip.readUInt16LE(at + 10);
      const compressedSize = zip.readUInt32LE(at + 20);
      const local = zip.readUInt32LE(at + 42);
      if (zip.readUInt32LE(local) !== LOCAL_HEADER) return undefined;
      const start =
        local + LOCAL_SIZE + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + compressedSize);
      if (method === 8) return inflateRawSync(data, { maxOutputLength: maxBytes });
      return method === 0 && data.length <= maxBytes ? data : undefined;
    }
    at = next;
  }
  return undefined;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return ENTITIES[name] ?? entity;
    const code =
      name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/**
 * The title Word keeps in a DOCX's document properties (docProps/core.xml, `dc:title`), or
 * undefined when there is none or the archive cannot be read that far. mammoth reads only the
 * body, so this one small entry is read here, its inflated size bounded.
 */
export function docxTitle(bytes: Uint8Array): string | undefined {
  try {
    const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const core = readEntry(zip, CORE_PROPERTIES, MAX_CORE_BYTES)?.toString('utf8');
    const raw = core && /<dc:title(?:\s[^>]*)?>([^<]*)<\/dc:title>/.exec(core)?.[1];
    const title = raw && decodeXmlText(raw).replace(/\s+/g, ' ').trim();
    return title || undefined;
  } catch {
    // Out-of-range offsets (readUInt32LE throws) or a bad deflate stream: the title is optional.
    return undefined;
  }
}
