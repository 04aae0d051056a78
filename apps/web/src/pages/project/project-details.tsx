import { decodeTagList } from '@campuscollab/shared';
import { Calendar, Clock } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TagList } from '../../components/ui/tag-list';
import { IconText } from '../../components/ui/icon-text';
import type { ProjectRow } from '../../features/projects/types';
import { BlockButton } from '../../features/safety/components/block-button';
import { ReportButton } from '../../features/safety/components/report-button';
import { TeamSection } from '../../features/teams/components/team-section';
import { formatLongDate } from '../../lib/dates';
import { useNavigation } from '../../lib/navigation';
import { PosterCard } from './poster-card';
import { APPLY_LABELS, useProjectApply } from './use-project-apply';

/** A project's page once it has loaded: everything Explore's card shortens, in full. */
export function ProjectDetails({ project, userId }: { project: ProjectRow; userId: string }) {
  const { state, submit } = useProjectApply(project, userId);
  const skills = decodeTagList(project.skillsNeeded);
  const open = project.status === 'Open';
  const updated = formatLongDate(project.updatedAt);
  const own = project.postedById === userId;
  const { navigate } = useNavigation();

  return (
    <article aria-labelledby="project-title" className="space-y-6">
      <header className="space-y-3">
        <Badge tone={open ? 'green' : 'neutral'}>{open ? 'Open' : 'Closed'}</Badge>
        <h1 id="project-title" className="text-3xl font-bold text-gray-900">
          {project.title}
        </h1>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-600">
          <IconText icon={Calendar}>Posted {formatLongDate(project.createdAt)}</IconText>
          {updated !== formatLongDate(project.createdAt) && <span>Updated {updated}</span>}
          {project.timeline && <IconText icon={Clock}>Timeline: {project.timeline}</IconText>}
        </p>
      </header>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0 space-y-6">
          <Card>
            <h2 className="text-lg font-semibold text-gray-900">About this project</h2>
            <p className="mt-3 whitespace-pre-line text-gray-700">{project.description}</p>
          </Card>
          <Card>
            <h2 className="text-lg font-semibold text-gray-900">Skills needed</h2>
            {skills.length > 0 ? (
              <TagList tags={skills} label="Skills needed" tone="brand" className="mt-3" />
            ) : (
              <p className="mt-3 text-gray-700">No particular skills: everyone is welcome.</p>
            )}
          </Card>
          <TeamSection projectId={project.id} />
        </div>

        <aside aria-label="Poster and actions" className="space-y-6">
          <Card>
            <h2 className="text-sm font-medium text-gray-600 uppercase">Posted by</h2>
            <div className="mt-3">
              <PosterCard project={project} />
            </div>
            {/* Apply, and for someone else's project, Report and Block (docs/product.md §2.19). */}
            <div className="mt-5 flex flex-wrap gap-2">
              <Button
                className="w-full"
                variant={state === 'open' ? 'primary' : 'secondary'}
                disabled={state !== 'open'}
                onClick={submit}
              >
                {APPLY_LABELS[state]}
              </Button>
              {!own && (
                <>
                  <ReportButton
                    targetKind="project"
                    targetId={project.id}
                    targetName={project.title}
                  />
                  {/* Once blocked, this page would read as not found: go back to the list. */}
                  <BlockButton
                    userId={project.postedById}
                    name={project.postedBy ?? 'A student'}
                    onBlocked={() => navigate('explore')}
                  />
                </>
              )}
            </div>
          </Card>
        </aside>
      </div>
    </article>
  );
}
