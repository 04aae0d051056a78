import { Document, Packer, Paragraph, TextRun } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/** A two-page PDF with a title in its metadata and a sentence on each page. */
export async function makePdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Field Notes on Bees');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage().drawText('Bees dance to share directions.', { x: 50, y: 700, font, size: 14 });
  pdf.addPage().drawText('The hive votes on a new home.', { x: 50, y: 700, font, size: 14 });
  return Buffer.from(await pdf.save());
}

/** A DOCX of two paragraphs, made as Word would store it. */
export async function makeDocx(): Promise<Buffer> {
  const document = new Document({
    title: 'Group Charter',
    sections: [
      {
        children: [
          new Paragraph({ children: [new TextRun('We meet every Tuesday.')] }),
          new Paragraph({ children: [new TextRun('Decisions need a majority.')] }),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}

export function makePng(): Promise<Buffer> {
  return sharp({ create: { width: 4, height: 4, channels: 3, background: '#c04020' } })
    .png()
    .toBuffer();
}

const PARAGRAPH =
  'Honey bees communicate the location of flowers through a waggle dance, a figure-eight ' +
  'movement whose angle and duration tell the other foragers the direction and distance, ' +
  'and researchers have decoded it in great detail over the past century.';

/** A page Readability takes for an article: a headline, a byline and long paragraphs. */
export const ARTICLE_HTML = `<!doctype html>
<html><head><title>How Bees Talk | Campus Science</title>
<meta name="author" content="Grace Hopper"></head>
<body>
<nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article>
  <h1>How Bees Talk</h1>
  <p>${PARAGRAPH}</p>
  <p>${PARAGRAPH.replace('Honey bees', 'Worker bees')}</p>
  <p>${PARAGRAPH.replace('Honey bees', 'Scout bees')}</p>
</article>
<script>document.write('tracking pixel')</script>
</body></html>`;

/** A page with no article: a title, a short menu and some widgets. */
export const HOME_HTML = `<!doctype html>
<html><head><title>Campus Portal</title><style>body { color: red }</style></head>
<body>
  <div>Welcome   to the
    portal</div>
  <div>Courses<br>Clubs</div>
  <script>var secret = 'do not show';</script>
  <noscript>Enable JavaScript</noscript>
  <div hidden>Hidden banner</div>
</body></html>`;
