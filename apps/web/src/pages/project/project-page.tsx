import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { NotFound } from '../../components/layout/not-found';
import { Alert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/auth/use-auth';
import { useProject } from '../../features/projects/api/get-project';
import { useDocumentTitle } from '../../lib/document-title';
import { toLinkId } from '../../lib/link-id';
import { useNavigation } from '../../lib/navigation';
import { PageLink } from '../../lib/page-link';
import { ProjectDetails } from './project-details';

/** A project's own page, `?page=project&id={project id}`: a link students can share. */
export function ProjectPage() {
  const { params } = useNavigation();
  const { user } = useAuth();
  const id = toLinkId(params.id);
  const project = useProject(user ? id : null);
  const missing = id === null || project.data === null;

  useDocumentTitle(
    missing ? 'Project not found' : project.isError ? 'Project' : project.data?.title || 'Project',
  );
  useEffect(() => {
    if (project.error) console.error('Failed to load the project', project.error);
  }, [project.error]);

  // Signed out, the page switch is already on its way to auth.
  if (!user) return <Spinner />;
  if (missing) {
    return (
      <NotFound
        heading="Project not found"
        text="This project doesn't exist or is no longer available."
        back={{ page: 'explore', label: 'Back to Explore' }}
      />
    );
  }
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:py-10">
      <PageLink
        page="explore"
        className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-brand-700 hover:text-brand-800"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Explore Projects
      </PageLink>
      {project.isError ? (
        <Alert tone="error" title="Could not load this project">
          Please check your connection and reload the page.
        </Alert>
      ) : project.data ? (
        <ProjectDetails project={project.data} userId={user.id} />
      ) : (
        <Spinner label="Loading project..." />
      )}
    </div>
  );
}
