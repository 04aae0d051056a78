import { useEffect, useMemo, useState } from 'react';
import { useNavigation } from '../../lib/navigation';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/auth/use-auth';
import { useOwnProfile } from '../../features/profiles/api/get-own-profile';
import { useOpenProjects } from '../../features/projects/api/list-open-projects';
import type { ProjectFilters } from '../../features/projects/types';
import { useRecommendedProjects } from '../../features/campus/api/recommended';
import { CampusControls } from '../../features/campus/components/campus-controls';
import { useCampusParams } from '../../features/campus/use-campus-params';
import { ExploreFilters } from './explore-filters';
import { ProjectGrid } from './project-grid';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useDocumentTitle } from '../../lib/document-title';

/** docs/product.md §2.9, Explore Projects, with working university filters (§10.3). */
export function ExplorePage() {
  useDocumentTitle('Explore projects');
  const { user, loading } = useAuth();
  const { navigate } = useNavigation();
  const { data: profile } = useOwnProfile();
  const [search, setSearch] = useState('');
  const [skill, setSkill] = useState('');
  // Everyone by default; the choice lives in the address (docs/product.md §2.9).
  const { scope, sort, setScope, setSort } = useCampusParams('explore');
  const settledSearch = useDebouncedValue(search);

  const filters = useMemo<ProjectFilters>(
    () => ({
      search: settledSearch.trim(),
      skill,
      // Without a profile there is no university to filter by, so every project shows.
      scope: profile ? scope : 'all',
      university: profile?.university ?? null,
      city: profile?.city ?? null,
    }),
    [settledSearch, skill, scope, profile],
  );
  const recommended = sort === 'recommended';
  const newest = useOpenProjects(filters, !recommended);
  const ranked = useRecommendedProjects(
    user?.id ?? '',
    { scope: filters.scope, search: filters.search, skill: filters.skill },
    recommended && Boolean(user),
  );
  const projects = recommended ? ranked : newest;
  useEffect(() => {
    if (projects.error) console.error('Failed to load projects', projects.error);
  }, [projects.error]);

  if (loading) return <Spinner />;
  if (!user) {
    return (
      <div className="px-4 py-16 text-center">
        <p className="text-gray-700">Please log in to explore projects</p>
        <Button className="mt-4" onClick={() => navigate('auth')}>
          Log In
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:py-10">
      <div>
        <h1 className="text-3xl font-bold text-gray-900">Explore Projects</h1>
        <p className="mt-1 text-gray-700">Find open projects and apply to join a team.</p>
      </div>
      <ExploreFilters
        search={search}
        onSearchChange={setSearch}
        skill={skill}
        onSkillChange={setSkill}
      />
      <CampusControls scope={scope} onScopeChange={setScope} sort={sort} onSortChange={setSort} />
      <ProjectGrid userId={user.id} query={projects} />
    </div>
  );
}
