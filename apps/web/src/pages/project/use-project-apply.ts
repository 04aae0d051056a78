import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useCreateApplication } from '../../features/applications/api/create-application';
import { useAppliedProjectIds } from '../../features/applications/api/list-applied-project-ids';
import type { ProjectRow } from '../../features/projects/types';

export type ProjectApplyState = 'own' | 'closed' | 'checking' | 'applied' | 'applying' | 'open';

export const APPLY_LABELS: Record<ProjectApplyState, string> = {
  own: 'Your Project',
  closed: 'Closed',
  checking: 'Apply to Join',
  applied: 'Applied',
  applying: 'Applying...',
  open: 'Apply to Join',
};

/**
 * Explore's Apply (docs/product.md §2.9, outcomes §8.3) for one project: one's own project and
 * a closed one cannot be applied to, and the button waits until it is known whether the student
 * has applied already.
 */
export function useProjectApply(project: ProjectRow, userId: string) {
  const projectIds = useMemo(() => [project.id], [project.id]);
  const own = project.postedById === userId;
  const applied = useAppliedProjectIds(own ? undefined : userId, projectIds);
  const apply = useCreateApplication();
  // Marks a success at once, before the applied list has been read again.
  const [justApplied, setJustApplied] = useState(false);

  let state: ProjectApplyState;
  if (own) state = 'own';
  else if (justApplied || applied.data?.has(project.id)) state = 'applied';
  else if (project.status !== 'Open') state = 'closed';
  else if (apply.isPending) state = 'applying';
  // A failed check leaves the decision to the server, which refuses a second application.
  else if (applied.isPending && !applied.isError) state = 'checking';
  else state = 'open';

  const submit = () =>
    apply.mutate(project.id, {
      onSuccess: () => {
        setJustApplied(true);
        toast.success('Application submitted successfully!');
      },
      onError: (error) => {
        console.error('Failed to apply', error);
        toast.error('Error submitting application. Please try again.');
      },
    });

  return { state, submit };
}
