import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useCreateApplication } from '../../features/applications/api/create-application';
import { useAppliedProjectIds } from '../../features/applications/api/list-applied-project-ids';
import type { ProjectRow } from '../../features/projects/types';
import { ProjectCard, type ApplyState } from './project-card';

/** The cards, each knowing if it is one's own, applied to or open (docs/product.md §2.9). */
export function ProjectList({ userId, projects }: { userId: string; projects: ProjectRow[] }) {
  const projectIds = useMemo(() => projects.map((project) => project.id), [projects]);
  const applied = useAppliedProjectIds(userId, projectIds);
  const apply = useCreateApplication();
  // Marks a success at once, before the applied list has been read again.
  const [justApplied, setJustApplied] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (applied.error) console.error('Failed to load your applications', applied.error);
  }, [applied.error]);

  const stateOf = (project: ProjectRow): ApplyState => {
    if (project.postedById === userId) return 'own';
    if (justApplied.has(project.id) || applied.data?.has(project.id)) return 'applied';
    if (apply.isPending && apply.variables === project.id) return 'applying';
    return 'open';
  };

  const submit = (projectId: string) =>
    apply.mutate(projectId, {
      onSuccess: () => {
        setJustApplied((previous) => new Set(previous).add(projectId));
        toast.success('Application submitted successfully!');
      },
      onError: (error) => {
        console.error('Failed to apply', error);
        toast.error('Error submitting application. Please try again.');
      },
    });

  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {projects.map((project) => (
        <li key={project.id}>
          <ProjectCard
            project={project}
            state={stateOf(project)}
            onApply={() => submit(project.id)}
          />
        </li>
      ))}
    </ul>
  );
}
