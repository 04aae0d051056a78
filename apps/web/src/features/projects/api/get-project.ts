import { useQuery } from '@tanstack/react-query';
import { client } from '../../../lib/client';
import type { ProjectRow } from '../types';
import { projectKeys } from './project-keys';

/**
 * One project by id, or null when there is none or the policies hide it: someone else's closed
 * project is not readable (docs/product.md §6.3), so it reads as not found.
 */
export async function getProject(id: string): Promise<ProjectRow | null> {
  const { data, error } = await client.tables.from<ProjectRow>('projects').get(id);
  if (error) throw error;
  return data;
}

export const projectQuery = (id: string | null) => ({
  queryKey: projectKeys.detail(id ?? ''),
  queryFn: () => getProject(id!),
  enabled: id !== null,
});

export function useProject(id: string | null) {
  return useQuery(projectQuery(id));
}
