import { decodeTagList } from '@campuscollab/shared';
import { Calendar, Clock, User } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { IconText } from '../../components/ui/icon-text';
import { MatchReasons } from '../../features/campus/components/match-reasons';
import type { ProjectRow } from '../../features/projects/types';
import { formatShortDate } from '../../lib/dates';
import { PageLink } from '../../lib/page-link';
import { SkillChips } from './skill-chips';

export type ApplyState = 'own' | 'applied' | 'applying' | 'open';

const LABELS: Record<ApplyState, string> = {
  own: 'Your Project',
  applied: 'Applied',
  applying: 'Applying...',
  open: 'Apply to Join',
};

/** One project on Explore: title, poster, date, description, skills, timeline and Apply. */
export function ProjectCard({
  project,
  state,
  onApply,
}: {
  project: ProjectRow;
  state: ApplyState;
  onApply: () => void;
}) {
  return (
    <Card className="flex h-full flex-col" aria-labelledby={`project-${project.id}`} role="article">
      <h2 id={`project-${project.id}`} className="text-lg font-semibold text-gray-900">
        <PageLink page="project" params={{ id: project.id }} className="hover:underline">
          {project.title}
        </PageLink>
      </h2>
      <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-600">
        <span className="flex min-w-0 items-center gap-1">
          <User aria-hidden="true" className="h-4 w-4 shrink-0" />
          {/* The poster's profile name, which the server copies in; never their login email.
              24 px tall, the least a target needs: the title's link is right above. */}
          <PageLink
            page="profile"
            params={{ id: project.postedById }}
            className="truncate leading-6 hover:underline"
          >
            {project.postedBy ?? 'A student'}
          </PageLink>
        </span>
        <IconText icon={Calendar}>{formatShortDate(project.createdAt)}</IconText>
      </p>
      <p className="mt-3 line-clamp-4 flex-1 text-gray-700">{project.description}</p>
      <div className="mt-4">
        <SkillChips skills={decodeTagList(project.skillsNeeded)} />
      </div>
      <div className="mt-3 empty:hidden">
        <MatchReasons matches={project.matches} />
      </div>
      {project.timeline && (
        <p className="mt-3 text-sm text-gray-600">
          <IconText icon={Clock}>Timeline: {project.timeline}</IconText>
        </p>
      )}
      <Button
        className="mt-4 w-full"
        variant={state === 'open' ? 'primary' : 'secondary'}
        disabled={state !== 'open'}
        onClick={onApply}
      >
        {LABELS[state]}
      </Button>
    </Card>
  );
}

/** A card-sized placeholder; six of them show while projects load. */
export function ProjectCardSkeleton() {
  return (
    <Card className="h-full">
      <Skeleton className="h-6 w-3/4" />
      <Skeleton className="mt-2 h-4 w-1/2" />
      <Skeleton className="mt-4 h-16 w-full" />
      <div className="mt-4 flex gap-2">
        <Skeleton className="h-5 w-16 rounded-full" />
        <Skeleton className="h-5 w-16 rounded-full" />
      </div>
      <Skeleton className="mt-4 h-10 w-full rounded-lg" />
    </Card>
  );
}
