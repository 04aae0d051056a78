// @ts-check
// Plain JavaScript that Node runs as it is, in production under tsx as under Vitest: on Node 20
// a worker thread gets no TypeScript loader. tsc checks it through these JSDoc types.
import { parentPort, workerData } from 'node:worker_threads';
import mammoth from 'mammoth';
import { extractText, getDocumentProxy, getMeta } from 'unpdf';

/** @typedef {import('./document-extract').DocumentWorkerData} DocumentWorkerData */
/** @typedef {import('./document-extract').DocumentWorkerMessage} DocumentWorkerMessage */

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const { kind, bytes } = /** @type {DocumentWorkerData} */ (workerData);

/** @param {unknown} value */
const text = (value) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** @returns {Promise<DocumentWorkerMessage>} */
async function readPdf() {
  // No eval (pdf.js compiles fonts with it otherwise) and no console noise about repairs.
  const pdf = await getDocumentProxy(bytes, {
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  try {
    const { text: pages } = await extractText(pdf, { mergePages: false });
    const { info, metadata } = await getMeta(pdf);
    const title = text(info?.Title) ?? text(metadata?.get('dc:title'));
    return { text: pages.join('\n\n'), ...(title ? { title } : {}) };
  } finally {
    await pdf.destroy();
  }
}

/** @returns {Promise<DocumentWorkerMessage>} */
async function readDocx() {
  const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
  return { text: result.value };
}

try {
  port.postMessage(kind === 'pdf' ? await readPdf() : await readDocx());
} catch {
  port.postMessage({ unreadable: true });
}
