import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '../../../lib/client';
import { applicationKeys } from './application-keys';

/**
 * The applicant withdraws a Pending application (docs/product.md §4.10); the server refuses any
 * other, as an Accepted one is a place on the team, left from the team space.
 */
export async function withdrawApplication(applicationId: string) {
  const { error } = await client.tables.from('applications').delete(applicationId);
  if (error) throw error;
}

export function useWithdrawApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawApplication,
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}
