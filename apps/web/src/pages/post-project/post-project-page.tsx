import toast from 'react-hot-toast';
import { useNavigation } from '../../lib/navigation';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/auth/use-auth';
import { useCreateProject } from '../../features/projects/api/create-project';
import { PostProjectForm } from './post-project-form';
import { TipsCard } from './tips-card';
import { useDocumentTitle } from '../../lib/document-title';

/** docs/product.md §2.10, Post a Project; outcomes as §8.3 words them. */
export function PostProjectPage() {
  useDocumentTitle('Post a project');
  const { user, loading } = useAuth();
  const { navigate } = useNavigation();
  const create = useCreateProject();

  if (loading) return <Spinner />;
  if (!user) {
    return <p className="px-4 py-16 text-center text-gray-700">Please log in to post a project</p>;
  }

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:py-10">
      <div>
        <h1 className="text-3xl font-bold text-gray-900">Post a Project</h1>
        <p className="mt-1 text-gray-700">Share your idea and find students to build it with.</p>
      </div>
      <Card>
        <PostProjectForm
          busy={create.isPending}
          onCancel={() => navigate('dashboard')}
          onSubmit={(project) =>
            create.mutate(project, {
              onSuccess: () => {
                toast.success('Project posted successfully!');
                navigate('dashboard');
              },
              onError: (error) => {
                console.error('Failed to post the project', error);
                toast.error('Error posting project. Please try again.');
              },
            })
          }
        />
      </Card>
      <TipsCard />
    </div>
  );
}
