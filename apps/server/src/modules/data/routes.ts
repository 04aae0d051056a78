import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { fetchOutbound } from '../../lib/outbound/fetch-outbound';
import { createDataAccess } from './data-access';
import { extractFromUrlBody } from './extract-body';
import { extractFromBlob } from './extract-from-blob';
import { extractFromUrl } from './extract-from-url';
import { fetchBody } from './fetch-body';
import { scrapeBody } from './scrape-body';
import { scrapePage } from './scrape';
import { registerScreenshotRoute } from './screenshot/screenshot-route';
import { searchBody } from './search-body';
import { searchWeb } from './search';
import type { StudentFiles } from '../storage/student-files';

export interface DataRoutesOptions {
  config: Config;
  /** Where screenshots are saved, in the student's folder. */
  files: StudentFiles;
}

/**
 * The data endpoints (`/api/data/{project}/...`), each reaching the outside world through the
 * guarded fetcher (lib/outbound), so no student can point the server at its own network.
 */
export async function dataRoutes(app: FastifyInstance, options: DataRoutesOptions) {
  const { config } = options;
  const params = z.object({ project: z.string() });
  const access = createDataAccess(app, config);
  const guarded = { preValidation: access.preValidation, preHandler: access.preHandler };

  // Registered here so multipart parsing exists only on these routes and the app's 1 MiB JSON
  // limit stays as it is (see modules/storage/routes.ts). busboy's own file limit would truncate
  // silently; blob-upload.ts counts the bytes itself and answers storage's 413 message.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: Infinity, files: 2, fields: 10, fieldSize: 8192, parts: 12 },
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/data/:project/fetch',
    { schema: { params, body: fetchBody }, ...guarded },
    async (request) => {
      const { url, method, headers, body } = request.body;
      const answer = await fetchOutbound(
        url,
        { method, headers, body },
        { allowedHosts: config.dataAllowedHosts },
      );
      return { status: answer.status, headers: answer.headers, body: answer.body.toString('utf8') };
    },
  );

  api.post(
    '/api/data/:project/extract-from-url',
    { schema: { params, body: extractFromUrlBody }, ...guarded },
    async (request) => extractFromUrl(request.body.url, config),
  );

  api.post('/api/data/:project/extract-from-blob', { schema: { params }, ...guarded }, (request) =>
    extractFromBlob(request),
  );

  api.post(
    '/api/data/:project/scrape',
    { schema: { params, body: scrapeBody }, ...guarded },
    async (request) => scrapePage(request.body.url, request.body.selectors, config),
  );

  api.post(
    '/api/data/:project/search',
    { schema: { params, body: searchBody }, ...guarded },
    async (request) => searchWeb(config.searchUrl, request.body.query, request.body.limit),
  );

  // A render is costlier than a fetch: screenshots keep a tighter limit of their own.
  await registerScreenshotRoute(app, { config, files: options.files, access });
}
