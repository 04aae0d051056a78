import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { requireProject, type StorageContext } from './context';
import { downloadFile } from './download';
import { userFolder } from './paths';
import { removeFiles } from './remove';
import { removeStaleStagedFiles } from './staging';
import type { StudentFiles } from './student-files';
import { uploadFile } from './upload';

export interface StorageRoutesOptions {
  config: Config;
  files: StudentFiles;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const UPLOADS_PER_MINUTE = 30;

const projectParams = z.object({ project: z.string() });

/** The storage service: `/api/storage/{project}/upload`, `download` and `remove`. */
export async function storageRoutes(app: FastifyInstance, options: StorageRoutesOptions) {
  const { config, files } = options;
  const context: StorageContext = {
    store: files.store,
    quota: files.quota,
    stagingDir: path.resolve(config.dataDir, 'tmp', 'uploads'),
    projectId: config.projectId,
    publicUrl: config.publicUrl,
    log: app.log,
  };
  await removeStaleStagedFiles(context.stagingDir, HOUR);

  // Registered here, inside this plugin, so multipart parsing exists only on these routes and
  // the app's 1 MiB JSON limit stays as it is. The app's bodyLimit does not apply to multipart
  // (the plugin's parser reads nothing); the 50 MB limit is enforced while staging instead of by
  // busboy's `fileSize`, because busboy truncates silently at its limit and could never tell
  // the client the real size that its message names (docs/product.md §8.7).
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: Infinity, files: 1, fields: 10, fieldSize: 8192, parts: 12 },
  });

  // Awaited by account deletion, so the files are gone when DELETE /api/auth/me answers.
  const unsubscribe = app.events.on('account.deleted', ({ accountId }) =>
    context.store.removePrefix(userFolder(accountId)),
  );
  app.addHook('onClose', async () => unsubscribe());

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/storage/:project/upload',
    {
      schema: { params: projectParams },
      config: { rateLimit: { max: UPLOADS_PER_MINUTE, timeWindow: MINUTE } },
    },
    async (request, reply) => {
      requireProject(context, request.params.project);
      const user = await app.authentication.requireUser(request);
      const { created, result } = await uploadFile(context, request, user.id);
      return reply.status(created ? 201 : 200).send(result);
    },
  );

  api.get(
    '/api/storage/:project/download',
    { schema: { params: projectParams } },
    async (request, reply) => {
      requireProject(context, request.params.project);
      return downloadFile(context, request, reply);
    },
  );

  api.delete(
    '/api/storage/:project/remove',
    { schema: { params: projectParams } },
    async (request) => {
      requireProject(context, request.params.project);
      const user = await app.authentication.requireUser(request);
      return removeFiles(context, request.body, user.id);
    },
  );
}
