import type { UserRecord } from '@campuscollab/sdk';
import { Users } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigation } from '../../lib/navigation';
import { Button } from '../../components/ui/button';
import { LoadFailed } from '../../components/ui/load-failed';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/auth/use-auth';
import {
  ALL_ROLES,
  useCollaborators,
  type CollaboratorSearch,
} from '../../features/collaborators/api/list-collaborators';
import { useRecommendedPeople } from '../../features/campus/api/recommended';
import { CampusControls } from '../../features/campus/components/campus-controls';
import { useCampusParams } from '../../features/campus/use-campus-params';
import { ContactDialog } from '../../features/messages/components/contact-dialog';
import { useOwnProfile } from '../../features/profiles/api/get-own-profile';
import { CollaboratorCard } from './collaborator-card';
import { CollaboratorFilters } from './collaborator-filters';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useDocumentTitle } from '../../lib/document-title';

function CardSkeleton() {
  return (
    <Card className="space-y-4">
      <div className="flex gap-3">
        <Skeleton className="h-12 w-12 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      </div>
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-6 w-3/4" />
      <Skeleton className="h-9 w-full" />
    </Card>
  );
}

/** Find Collaborators (docs/product.md §2.11): every student by default, searched on the server. */
export function FindCollaboratorsPage() {
  useDocumentTitle('Find collaborators');
  const { user } = useAuth();
  const { navigate } = useNavigation();
  const { data: profile, isPending: profilePending } = useOwnProfile();
  const [search, setSearch] = useState('');
  const [role, setRole] = useState(ALL_ROLES);
  // Everyone by default; the choice lives in the address (docs/product.md §2.11).
  const { scope, sort, setScope, setSort } = useCampusParams('find-collaborators');
  const [contacting, setContacting] = useState<UserRecord | null>(null);
  const [contactOpen, setContactOpen] = useState(false);
  const debouncedSearch = useDebouncedValue(search);

  useEffect(() => {
    if (profile === null) navigate('auth', {}, { replace: true });
  }, [profile, navigate]);

  const params = useMemo<CollaboratorSearch | null>(
    () =>
      user && profile
        ? {
            me: { userId: user.id, university: profile.university, city: profile.city },
            search: debouncedSearch,
            role,
            scope,
          }
        : null,
    [user, profile, debouncedSearch, role, scope],
  );
  const recommended = sort === 'recommended';
  const newest = useCollaborators(params, !recommended);
  const ranked = useRecommendedPeople(
    user?.id ?? '',
    { scope, search: debouncedSearch, role: role === ALL_ROLES ? '' : role },
    recommended && params !== null,
  );
  const collaborators = recommended ? ranked : newest;
  const people = collaborators.data?.pages.flatMap((page) => page.people) ?? [];

  if (!user) {
    return <p className="py-16 text-center text-gray-700">Please log in to find collaborators</p>;
  }
  if (profilePending) return <Spinner />;

  const clearSearch = () => {
    setSearch('');
    setRole(ALL_ROLES);
    setScope('all');
  };
  const contact = (person: UserRecord) => {
    setContacting(person);
    setContactOpen(true);
  };

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold text-gray-900">Find Collaborators</h1>
        <p className="mt-1 text-gray-700">
          {scope === 'all'
            ? 'Connect with talented students from every campus.'
            : `Connect with talented students at ${profile?.university ?? 'your university'}${
                scope === 'nearby' ? ' and nearby campuses' : ''
              }.`}
        </p>
      </div>
      <CollaboratorFilters
        search={search}
        onSearchChange={setSearch}
        role={role}
        onRoleChange={setRole}
      />
      <CampusControls scope={scope} onScopeChange={setScope} sort={sort} onSortChange={setSort} />
      {collaborators.isPending ? (
        <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {Array.from({ length: 6 }, (_, index) => (
            <CardSkeleton key={index} />
          ))}
        </div>
      ) : people.length === 0 && collaborators.isError ? (
        <LoadFailed
          title="Could not load collaborators"
          retrying={collaborators.isFetching}
          onRetry={() => void collaborators.refetch()}
        />
      ) : people.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 py-12 text-center">
          <Users aria-hidden="true" className="h-12 w-12 text-gray-400" />
          <h2 className="text-xl font-semibold text-gray-900">No collaborators found</h2>
          <p className="text-gray-700">Try adjusting your search or filters.</p>
          <Button variant="secondary" onClick={clearSearch}>
            Clear Search
          </Button>
        </Card>
      ) : (
        <>
          <ul
            className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3"
            aria-label="Collaborators"
          >
            {people.map((person) => (
              <li key={person.id}>
                <CollaboratorCard person={person} onContact={contact} />
              </li>
            ))}
          </ul>
          <LoadMoreButton query={collaborators} showFailure />
        </>
      )}
      {contacting && (
        <ContactDialog
          open={contactOpen}
          onOpenChange={setContactOpen}
          recipientId={contacting.userId}
          recipientName={contacting.name?.trim() || 'Anonymous User'}
        />
      )}
    </div>
  );
}
