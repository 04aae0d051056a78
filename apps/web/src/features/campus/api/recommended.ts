import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { MatchQuery, ProjectRecord, Recommended, UserRecord } from '@campuscollab/sdk';
import { client } from '../../../lib/client';
import { campusKeys } from './campus-keys';

export const RECOMMENDED_PAGE_SIZE = 12;

/** A page of rows and the next position as text, as the newest-first lists page. */
interface RecommendedPage<Row> {
  rows: Recommended<Row>[];
  nextCursor: string | null;
}

async function fetchPage<Row>(
  call: (query: MatchQuery) => Promise<{
    data: { items: Recommended<Row>[]; nextOffset: number | null } | null;
    error: unknown;
  }>,
  query: MatchQuery,
  cursor: string | null,
): Promise<RecommendedPage<Row>> {
  const { data, error } = await call({
    limit: RECOMMENDED_PAGE_SIZE,
    ...query,
    offset: cursor ? Number(cursor) : 0,
  });
  if (error || !data) throw error;
  return {
    rows: data.items,
    nextCursor: data.nextOffset === null ? null : String(data.nextOffset),
  };
}

export const recommendedProjectsQuery = (userId: string, query: MatchQuery) =>
  infiniteQueryOptions({
    queryKey: campusKeys.projects(userId, query),
    queryFn: async ({ pageParam }) => {
      const page = await fetchPage<ProjectRecord>(client.matching.projects, query, pageParam);
      return { projects: page.rows, nextCursor: page.nextCursor };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const recommendedPeopleQuery = (userId: string, query: MatchQuery) =>
  infiniteQueryOptions({
    queryKey: campusKeys.people(userId, query),
    queryFn: async ({ pageParam }) => {
      const page = await fetchPage<UserRecord>(client.matching.people, query, pageParam);
      return { people: page.rows, nextCursor: page.nextCursor };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** "Recommended for you" projects, ranked on the server; off while `enabled` is false. */
export function useRecommendedProjects(userId: string, query: MatchQuery, enabled = true) {
  return useInfiniteQuery({ ...recommendedProjectsQuery(userId, query), enabled });
}

/** Students who fill my open projects' gaps, ranked on the server. */
export function useRecommendedPeople(userId: string, query: MatchQuery, enabled = true) {
  return useInfiniteQuery({ ...recommendedPeopleQuery(userId, query), enabled });
}
