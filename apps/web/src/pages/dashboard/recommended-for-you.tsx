import { useEffect } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useRecommendedProjects } from '../../features/campus/api/recommended';
import { MatchReasons } from '../../features/campus/components/match-reasons';
import { useNavigation } from '../../lib/navigation';

/** A few cards: enough to show the idea, with the full ranking one click away on Explore. */
const SHOWN = 3;

/**
 * "Recommended for you" (docs/product.md §2.8): open projects that need the student's skills and
 * interests, each saying which matched. Failures are only logged (§8.4).
 */
export function RecommendedForYou({ userId }: { userId: string }) {
  const { navigate } = useNavigation();
  const recommended = useRecommendedProjects(userId, { scope: 'all', limit: SHOWN });
  const projects = recommended.data?.pages[0]?.projects ?? [];
  useEffect(() => {
    if (recommended.error) console.error('Failed to load recommendations', recommended.error);
  }, [recommended.error]);

  return (
    <section aria-labelledby="recommended-heading">
      <Card>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="recommended-heading" className="text-xl font-semibold text-gray-900">
            Recommended for you
          </h2>
          {projects.length > 0 && (
            <Button
              variant="secondary"
              onClick={() => navigate('explore', { sort: 'recommended' })}
            >
              See all recommendations
            </Button>
          )}
        </div>
        {recommended.isPending ? (
          <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-3" aria-busy="true">
            {Array.from({ length: SHOWN }, (_, index) => (
              <Skeleton key={index} className="h-24 w-full" />
            ))}
          </div>
        ) : projects.length === 0 ? (
          <div className="mt-3 space-y-3">
            <p className="text-gray-700">
              No recommendations yet. Add skills and interests on your profile, and projects that
              need them will show up here.
            </p>
            <Button variant="secondary" onClick={() => navigate('edit-profile')}>
              Add Skills and Interests
            </Button>
          </div>
        ) : (
          <ul
            className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-3"
            aria-label="Recommended projects"
          >
            {projects.map((project) => (
              <li
                key={project.id}
                className="space-y-1 rounded-lg border border-gray-200 p-4"
                aria-labelledby={`recommended-${project.id}`}
              >
                <h3 id={`recommended-${project.id}`} className="font-semibold text-gray-900">
                  {project.title}
                </h3>
                <p className="text-sm text-gray-600">
                  {project.postedBy ?? 'A student'}
                  {project.university ? ` · ${project.university}` : ''}
                </p>
                <MatchReasons matches={project.matches} />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
