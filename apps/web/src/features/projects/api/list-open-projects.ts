import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { quoteFilterValue as quote, type FilterBuilder } from '@campuscollab/sdk';
import { client } from '../../../lib/client';
import type { ProjectFilters, ProjectRow } from '../types';
import { projectKeys } from './project-keys';

export const PROJECTS_PAGE_SIZE = 12;

function applyFilters(filter: FilterBuilder<ProjectRow>, filters: ProjectFilters) {
  // The server also shows one's own projects whatever their status; Explore lists Open ones only.
  let query = filter.eq('status', 'Open');
  const search = filters.search.trim();
  if (search) {
    const pattern = quote(`*${search}*`);
    query = query.or(`title.ilike.${pattern},description.ilike.${pattern}`);
  }
  // Skills are stored as JSON text, so the quotes pin the match to one whole skill.
  if (filters.skill) query = query.ilike('skillsNeeded', `*"${filters.skill}"*`);
  if (filters.university && filters.scope === 'university') {
    query = query.eq('university', filters.university);
  } else if (filters.university && filters.scope === 'nearby') {
    const nearby = [`university.eq.${quote(filters.university)}`];
    if (filters.city) nearby.push(`city.eq.${quote(filters.city)}`);
    query = query.or(nearby.join(','));
  }
  return query;
}

/** docs/product.md §7.2: Open projects, newest first; searched and paged on the server. */
export async function listOpenProjects(filters: ProjectFilters, cursor: string | null) {
  const { data, error, nextCursor } = await client.tables.from<ProjectRow>('projects').list({
    where: (filter) => applyFilters(filter, filters),
    order: [{ column: 'createdAt', ascending: false }],
    limit: PROJECTS_PAGE_SIZE,
    cursor,
  });
  if (error) throw error;
  return { projects: data ?? [], nextCursor };
}

export const openProjectsQuery = (filters: ProjectFilters) =>
  infiniteQueryOptions({
    queryKey: projectKeys.open(filters),
    queryFn: ({ pageParam }) => listOpenProjects(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** Open projects matching the filters, a page of 12 at a time; off while `enabled` is false. */
export function useOpenProjects(filters: ProjectFilters, enabled = true) {
  return useInfiniteQuery({ ...openProjectsQuery(filters), enabled });
}
