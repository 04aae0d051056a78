import { convertKeysToCamelCase } from '../case/convert-case';
import { SdkErrorKind } from '../errors/sdk-error';
import type { ApiClient } from '../http/api-client';
import { ok, type Result } from '../http/result';
import type { ProjectRecord, UserRecord } from '../tables/table-types';

/** Everyone, my university, or my university and my city (docs/product.md §2.9, §2.11). */
export type MatchScope = 'all' | 'university' | 'nearby';

export interface MatchQuery {
  scope?: MatchScope;
  /** Projects: title or description; people: name, skills or bio. Case-insensitive. */
  search?: string;
  /** Projects only: one whole skill the project needs. */
  skill?: string;
  /** People only: the exact role. */
  role?: string;
  /** 1 to 50, 12 by default. */
  limit?: number;
  /** Where the page starts, from a previous page's `nextOffset` (at most 500). */
  offset?: number;
}

/** A recommended row and the skills that made it match, spelled as the row spells them. */
export type Recommended<Row> = Row & { matches: string[] };

export interface RecommendationPage<Row> {
  items: Recommended<Row>[];
  nextOffset: number | null;
}

interface WirePage {
  items: Record<string, unknown>[];
  nextOffset: number | null;
}

/**
 * "Recommended for you" (`/api/match/{project}/projects|people`): open projects that need my
 * skills and interests, and students whose skills fill my open projects' gaps, ranked by the
 * server. Rows arrive in camelCase like the table client's.
 */
export function createMatchingClient(deps: { api: ApiClient; projectId: string }) {
  async function get<Row>(
    what: 'projects' | 'people',
    query: MatchQuery,
  ): Promise<Result<RecommendationPage<Row>>> {
    const result = await deps.api.request<WirePage>({
      method: 'GET',
      path: `/api/match/${encodeURIComponent(deps.projectId)}/${what}`,
      query: {
        scope: query.scope,
        search: query.search?.trim() || undefined,
        skill: query.skill || undefined,
        role: query.role || undefined,
        limit: query.limit,
        offset: query.offset,
      },
      auth: 'required',
      kind: SdkErrorKind.database,
    });
    if (result.error) return result;
    return ok({
      items: result.data.items.map((item) => convertKeysToCamelCase<Recommended<Row>>(item)),
      nextOffset: result.data.nextOffset,
    });
  }

  return {
    /** Open projects of others that need what I know; never mine, closed or applied to. */
    projects: (query: MatchQuery = {}) => get<ProjectRecord>('projects', query),
    /** Students who have the skills my open projects need and I lack; never me. */
    people: (query: MatchQuery = {}) => get<UserRecord>('people', query),
  };
}

export type MatchingClient = ReturnType<typeof createMatchingClient>;
