import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '../../../lib/client';
import type { ApplicationDecision } from '../types';
import { applicationKeys } from './application-keys';

/** docs/product.md §4.10: the project's owner accepts or declines an application. */
export async function updateApplicationStatus(input: {
  applicationId: string;
  status: ApplicationDecision;
}) {
  const { data, error } = await client.tables
    .from('applications')
    .update(input.applicationId, { status: input.status });
  if (error) throw error;
  return data;
}

export function useUpdateApplicationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApplicationStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}
