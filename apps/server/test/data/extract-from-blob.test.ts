import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@campuscollab/shared';
import { createVerifiedAccount } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';
import { HOME_HTML, makeDocx, makePdf, makePng } from './documents';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const BOUNDARY = 'campuscollab-blob-test';
// Reused for every chunk, so the test streams 50 MB without allocating it.
const FILLER = Buffer.alloc(64 * 1024, 'a');

/** A multipart body with one `file` part of `size` bytes of text, generated as it is sent. */
async function* oversizedBody(size: number): AsyncGenerator<Uint8Array> {
  yield Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="huge.txt"\r\n` +
      'Content-Type: text/plain\r\n\r\n',
  );
  for (let sent = 0; sent < size; sent += FILLER.length) {
    yield FILLER.subarray(0, Math.min(FILLER.length, size - sent));
  }
  yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
}

/**
 * POST /api/data/{project}/extract-from-blob: the text of an uploaded file, its type judged
 * from its bytes; documents made here with pdf-lib and docx, as a student's would be.
 */
describe.each(DIALECTS)('extract-from-blob on %s', (kind) => {
  let server: TestApp;
  let token: string;
  let pdf: Buffer;
  let docx: Buffer;
  let png: Buffer;

  const send = async (form: FormData | string, auth = `Bearer ${token}`) => {
    const response = await fetch(`${server.baseUrl}/api/data/campus/extract-from-blob`, {
      method: 'POST',
      headers: {
        authorization: auth,
        ...(typeof form === 'string' ? { 'content-type': 'application/json' } : {}),
      },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const formWith = (...files: { bytes: Buffer | string; name: string; type: string }[]) => {
    const form = new FormData();
    for (const file of files) {
      form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
    }
    return form;
  };
  const upload = (bytes: Buffer | string, name: string, type: string) =>
    send(formWith({ bytes, name, type }));

  beforeAll(async () => {
    [pdf, docx, png] = await Promise.all([makePdf(), makeDocx(), makePng()]);
    server = await startTestApp(kind);
    token = (await createVerifiedAccount(server.baseUrl, 'ada@mit.edu')).access_token;
  });
  afterAll(async () => {
    await server.close();
  });

  it('reads a two-page PDF and the title in its metadata', async () => {
    expect(await upload(pdf, 'notes.pdf', 'application/pdf')).toEqual({
      status: 200,
      body: {
        title: 'Field Notes on Bees',
        text: 'Bees dance to share directions.\n\nThe hive votes on a new home.',
      },
    });
  });

  it('reads a DOCX, whatever type the browser declared', async () => {
    for (const type of [DOCX_TYPE, 'application/octet-stream']) {
      expect(await upload(docx, 'charter.docx', type)).toEqual({
        status: 200,
        body: {
          title: 'Group Charter',
          text: 'We meet every Tuesday.\n\nDecisions need a majority.',
        },
      });
    }
  });

  it('reads an HTML file as a page and UTF-8 text or markdown as itself, BOM dropped', async () => {
    expect(await upload(HOME_HTML, 'home.html', 'text/html')).toEqual({
      status: 200,
      body: { title: 'Campus Portal', text: 'Welcome to the portal\n\nCourses\nClubs' },
    });
    expect(
      await upload('\ufeffPhotosynth\u00e8se   \r\nnotes \u2713', 'a.txt', 'text/plain'),
    ).toEqual({ status: 200, body: { text: 'Photosynth\u00e8se\nnotes \u2713' } });
    expect(await upload('## Plan\n\nStep one', 'plan.md', '')).toEqual({
      status: 200,
      body: { title: 'Plan', text: '## Plan\n\nStep one' },
    });
  });

  it('refuses an image or text that is not UTF-8 with 415', async () => {
    expect(await upload(png, 'photo.txt', 'text/plain')).toEqual({
      status: 415,
      body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported file type' },
    });
    const latin1 = Buffer.from('Caf\u00e9 cr\u00e8me', 'latin1');
    expect(await upload(latin1, 'menu.txt', 'text/plain')).toEqual({
      status: 415,
      body: {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Unsupported file type: text files must be UTF-8',
      },
    });
  });

  it('answers 422 UNREADABLE_DOCUMENT for a damaged PDF or DOCX', async () => {
    const damagedPdf = Buffer.concat([pdf.subarray(0, 20), Buffer.alloc(400, 'x')]);
    const pdfAnswer = await upload(damagedPdf, 'broken.pdf', 'application/pdf');
    expect(pdfAnswer).toMatchObject({ status: 422, body: { code: 'UNREADABLE_DOCUMENT' } });
    expect(pdfAnswer.body.message).toMatch(/^The PDF could not be read/);
    const damagedDocx = docx.subarray(0, Math.floor(docx.length / 2));
    const docxAnswer = await upload(damagedDocx, 'broken.docx', DOCX_TYPE);
    expect(docxAnswer).toMatchObject({ status: 422, body: { code: 'UNREADABLE_DOCUMENT' } });
  });

  it('refuses a file over 50 MB with 413 and its real size, streamed', async () => {
    const response = await fetch(`${server.baseUrl}/api/data/campus/extract-from-blob`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      body: ReadableStream.from(oversizedBody(UPLOAD_MAX_BYTES + 1)),
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 413,
      body: {
        code: 'PAYLOAD_TOO_LARGE',
        message: 'File size (50.1 MB) exceeds maximum allowed size (50MB)',
      },
    });
  });

  it('answers 400 without a file part, with two, or for a JSON body; 401 without a token', async () => {
    const fieldsOnly = new FormData();
    fieldsOnly.append('note', 'no file here');
    const text = { bytes: 'hello', name: 'a.txt', type: 'text/plain' };
    const misnamed = new FormData();
    misnamed.append('upload', new Blob(['hello'], { type: 'text/plain' }), 'a.txt');
    for (const form of [fieldsOnly, formWith(text, text), misnamed, '{"file":"hello"}']) {
      expect(await send(form)).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    }
    expect((await send(formWith(text), '')).status).toBe(401);
  });
});
