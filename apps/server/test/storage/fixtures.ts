import sharp from 'sharp';

/** A real file to upload: its bytes, the name and type a browser would send. */
export interface Fixture {
  bytes: Buffer;
  name: string;
  type: string;
}

const solid = (width: number, height: number, red = 200) =>
  sharp({ create: { width, height, channels: 3, background: { r: red, g: 80, b: 40 } } });

/** An image of the given size in each raster format the store accepts. */
export async function makeImages(width = 800, height = 600) {
  return {
    png: await solid(width, height).png().toBuffer(),
    jpeg: await solid(width, height).jpeg().toBuffer(),
    gif: await solid(width, height).gif().toBuffer(),
    webp: await solid(width, height).webp().toBuffer(),
    avif: await solid(width, height).avif().toBuffer(),
  };
}

/** A three-frame animated GIF, each frame a different colour. */
export async function makeAnimatedGif(): Promise<Buffer> {
  const frames = await Promise.all(
    [40, 120, 240].map((red) => solid(64, 48, red).png().toBuffer()),
  );
  return sharp(frames, { join: { animated: true } })
    .gif()
    .toBuffer();
}

/** The smallest PDF a reader opens: a catalog and a trailer. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
    '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n' +
    'trailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

/** A mono 16-bit PCM WAV: a 44-byte RIFF header and a short sine wave. */
export function makeWav(samples = 800): Buffer {
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(Math.sin(i / 5) * 8000), i * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24); // sample rate
  header.writeUInt32LE(16000, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Three MPEG-1 Layer III frame headers (128 kbit/s, 44.1 kHz) with silent frames. */
export const MP3 = Buffer.concat(
  Array.from({ length: 3 }, () =>
    Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]),
  ),
);

/** An Ogg page whose first packet is a Vorbis identification header. */
export const OGG = Buffer.concat([
  Buffer.from('OggS'),
  Buffer.alloc(24),
  Buffer.from('\x01vorbis'),
  Buffer.alloc(64),
]);

/** An EBML header with DocType "webm", as MediaRecorder's audio/webm files begin. */
export const WEBM = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x87, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.alloc(64),
]);

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
export const HTML = Buffer.from(
  '<!doctype html><html><body><script>alert(1)</script></body></html>',
);
export const TEXT = Buffer.from('just some words, no signature at all\n');
/** A PNG signature and header chunk over bytes that decode to nothing. */
export const CORRUPT_PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from([0, 0, 0, 13]),
  Buffer.from('IHDR'),
  Buffer.alloc(500, 7),
]);
/** The start of a Windows executable: "MZ" and a DOS stub. */
export const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(62),
  Buffer.from('PE\0\0'),
  Buffer.alloc(200),
]);
