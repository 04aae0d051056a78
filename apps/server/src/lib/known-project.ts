import { ErrorCode } from '@campuscollab/shared';
import { HttpError } from './http-error';

/**
 * Every API path names its project; a server serves exactly one (`PROJECT_ID`), and any other
 * name is 404, as for a path that does not exist.
 */
export function requireKnownProject(projectId: string, project: string): void {
  if (project !== projectId) {
    throw new HttpError(404, ErrorCode.notFound, `Unknown project "${project}"`);
  }
}
