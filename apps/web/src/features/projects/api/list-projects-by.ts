import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { client } from '../../../lib/client';
import type { ProjectRow } from '../types';
import { projectKeys } from './project-keys';

export const PROJECTS_BY_PAGE_SIZE = 12;

/** A student's Open projects, newest first, a page at a time (docs/product.md §10.7). */
export async function listOpenProjectsBy(userId: string, cursor: string | null) {
  const { data, error, nextCursor } = await client.tables.from<ProjectRow>('projects').list({
    where: { postedById: userId, status: 'Open' },
    order: [{ column: 'createdAt', ascending: false }],
    limit: PROJECTS_BY_PAGE_SIZE,
    cursor,
  });
  if (error) throw error;
  return { projects: data ?? [], nextCursor };
}

export const openProjectsByQuery = (userId: string) =>
  infiniteQueryOptions({
    queryKey: projectKeys.openBy(userId),
    queryFn: ({ pageParam }) => listOpenProjectsBy(userId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useOpenProjectsBy(userId: string) {
  return useInfiniteQuery(openProjectsByQuery(userId));
}
