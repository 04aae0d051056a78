import { Document, Packer, Paragraph } from 'docx';
import { describe, expect, it } from 'vitest';
import { docxTitle } from './docx-title';

const docxTitled = (title?: string) =>
  Packer.toBuffer(new Document({ title, sections: [{ children: [new Paragraph('Body')] }] }));

describe('docxTitle', () => {
  it('reads dc:title from docProps/core.xml, entities decoded', async () => {
    expect(docxTitle(await docxTitled('Ants & <Bees>'))).toBe('Ants & <Bees>');
  });

  it('is undefined without a title, and for bytes that are no readable ZIP', async () => {
    expect(docxTitle(await docxTitled())).toBeUndefined();
    const docx = await docxTitled('Cut short');
    expect(docxTitle(docx.subarray(0, docx.length - 30))).toBeUndefined();
    expect(docxTitle(Buffer.from('PK\u0005\u0006 not really a zip'))).toBeUndefined();
    expect(docxTitle(new Uint8Array(0))).toBeUndefined();
  });
});
