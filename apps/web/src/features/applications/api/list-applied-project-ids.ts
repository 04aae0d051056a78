import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client } from '../../../lib/client';
import { applicationKeys } from './application-keys';

/**
 * Which of these projects the user has already applied to, so Explore can show 'Applied'.
 * Asked only for the projects on screen rather than reading every application of the user.
 */
export async function listAppliedProjectIds(
  userId: string,
  projectIds: string[],
): Promise<Set<string>> {
  if (projectIds.length === 0) return new Set();
  const { data, error } = await client.tables.from('applications').list({
    where: { applicantId: userId, projectId: projectIds },
    columns: ['projectId'],
    limit: projectIds.length,
  });
  if (error) throw error;
  return new Set((data ?? []).map((application) => application.projectId));
}

export const appliedProjectIdsQuery = (userId: string | undefined, projectIds: string[]) => ({
  queryKey: applicationKeys.applied(userId, projectIds),
  queryFn: () => listAppliedProjectIds(userId!, projectIds),
  enabled: Boolean(userId) && projectIds.length > 0,
  placeholderData: keepPreviousData,
});

export function useAppliedProjectIds(userId: string | undefined, projectIds: string[]) {
  return useQuery(appliedProjectIdsQuery(userId, projectIds));
}
