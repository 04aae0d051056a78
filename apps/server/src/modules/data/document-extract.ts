import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { unreadableDocument } from './data-errors';
import { docxTitle } from './docx-title';
import { capText, normalizeText } from './normalize-text';

export type DocumentKind = 'pdf' | 'docx';

/** What the worker (document-worker.mjs) is started with. */
export interface DocumentWorkerData {
  kind: DocumentKind;
  bytes: Uint8Array;
}

/** The worker's one answer: the raw text (and a title) or word that the file is unreadable. */
export type DocumentWorkerMessage = { text: string; title?: string } | { unreadable: true };

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'document-worker.mjs');

/** A document that takes longer than this to read is refused, not waited for. */
const READ_TIMEOUT_MS = 30_000;
/** Enough for a long thesis; a crafted file that inflates past it kills the worker, not us. */
const WORKER_HEAP_MB = 512;

const MAX_TITLE_CHARS = 2000;
/** Readers running at once; more wait their turn rather than each taking a heap of their own. */
const MAX_CONCURRENT_READS = 2;

let reading = 0;
const waiting: (() => void)[] = [];

/** Runs `read` when a reader is free; a finished read hands its place straight to the next. */
async function inTurn<T>(read: () => Promise<T>): Promise<T> {
  if (reading < MAX_CONCURRENT_READS) reading += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await read();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else reading -= 1;
  }
}

const NAMES: Record<DocumentKind, string> = { pdf: 'PDF', docx: 'DOCX document' };

/**
 * The text (and title, when the file names one) of a PDF or DOCX. Both parsers run synchronously
 * for long stretches and trust the file's own sizes, so they run in a worker with a heap limit
 * and a deadline: a damaged, hostile or huge document is a 422, never a stalled or dead server.
 */
export function extractDocument(
  kind: DocumentKind,
  bytes: Uint8Array,
): Promise<{ title?: string; text: string }> {
  return inTurn(() => readInWorker(kind, bytes));
}

function readInWorker(
  kind: DocumentKind,
  bytes: Uint8Array,
): Promise<{ title?: string; text: string }> {
  const name = NAMES[kind];
  return new Promise((resolve, reject) => {
    // A copy of its own for the worker, handed over rather than cloned a second time.
    const copy = new Uint8Array(bytes);
    const workerData: DocumentWorkerData = { kind, bytes: copy };
    const worker = new Worker(WORKER, {
      workerData,
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    const finish = () => {
      clearTimeout(timer);
      void worker.terminate();
    };
    const timer = setTimeout(() => {
      finish();
      reject(unreadableDocument(name, 'it took too long to read'));
    }, READ_TIMEOUT_MS);
    worker.once('message', (message: DocumentWorkerMessage) => {
      finish();
      if ('unreadable' in message) return reject(unreadableDocument(name));
      const found = kind === 'docx' ? docxTitle(bytes) : message.title;
      const title = capText(found?.replace(/\s+/g, ' ').trim() ?? '', MAX_TITLE_CHARS);
      resolve({ ...(title ? { title } : {}), text: normalizeText(message.text) });
    });
    // Whatever ends the worker came from reading this file: a document that crashes the parser
    // is as unreadable as one it refuses.
    worker.once('error', (error: Error & { code?: string }) => {
      finish();
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      reject(
        outOfMemory
          ? unreadableDocument(name, 'it needs more memory to read than a document may')
          : unreadableDocument(name),
      );
    });
    // Settles a worker that ended without a word; after an answer or an error this changes nothing.
    worker.once('exit', () => {
      clearTimeout(timer);
      reject(unreadableDocument(name));
    });
  });
}
