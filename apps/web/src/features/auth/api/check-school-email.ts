import { normalizeEmail, type SchoolDomainAnswer } from '@campuscollab/shared/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '../../../lib/client';

/**
 * docs/product.md §5.1: whether an address is a school email, and its school's names, as the
 * server decides from the swot dataset. Sign-up asks the server again, so this only informs.
 */
export async function checkSchoolEmail(email: string): Promise<SchoolDomainAnswer> {
  const { data, error } = await client.auth.checkSchoolEmail(email);
  if (error) throw error;
  return data;
}

/** The answer depends on the domain alone, so `ada@tum.de` and `bob@tum.de` share one. */
export const schoolEmailQuery = (email: string) =>
  queryOptions({
    queryKey: ['auth', 'school-email', normalizeEmail(email).split('@').at(-1) ?? ''] as const,
    queryFn: () => checkSchoolEmail(email.trim()),
    staleTime: Infinity,
    retry: false,
  });

/** Asks about `email` once it is given; null asks nothing. */
export function useSchoolEmailCheck(email: string | null) {
  return useQuery({ ...schoolEmailQuery(email ?? ''), enabled: Boolean(email) });
}
