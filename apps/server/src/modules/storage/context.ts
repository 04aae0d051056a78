import type { FastifyBaseLogger } from 'fastify';
import { ErrorCode } from '@campuscollab/shared';
import { HttpError } from '../../lib/http-error';
import type { FileStore } from '../../lib/file-store/file-store';
import type { StorageQuota } from './quota';

/** What the storage handlers need, built once in routes.ts. */
export interface StorageContext {
  store: FileStore;
  quota: StorageQuota;
  /** Where uploads wait, on disk, while they are checked. */
  stagingDir: string;
  projectId: string;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** 404 for any project but ours: the URL shape is the hosted platform's, one project a server. */
export function requireProject(context: StorageContext, project: string): void {
  if (project !== context.projectId) {
    throw new HttpError(404, ErrorCode.notFound, `Project ${project} not found`);
  }
}
