import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APPLICATION_MESSAGE } from '@campuscollab/shared';
import { client } from '../../../lib/client';
import { applicationKeys } from './application-keys';

/**
 * docs/product.md §7.2: applications create, with the fixed message of §5.8. The server refuses
 * one's own project (403) and a second application to the same project (409).
 */
export async function createApplication(projectId: string) {
  const { data, error } = await client.tables
    .from('applications')
    .create({ projectId, message: APPLICATION_MESSAGE });
  if (error) throw error;
  return data;
}

/** Applying refreshes the dashboard's pending count and Explore's 'Applied' marks. */
export function useCreateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApplication,
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}
