import toast from 'react-hot-toast';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { getProjectForEdit, useUpdateProject } from '../../features/projects/api/update-project';
import type { NewProject } from '../../features/projects/types';
import { PostProjectForm } from '../post-project/post-project-form';

/**
 * The owner's controls on one of their projects: "Edit project" (the Post a Project form,
 * prefilled), "Close project" after a confirmation, and "Reopen project".
 */
export function OwnProjectActions({
  projectId,
  title,
  status,
}: {
  projectId: string;
  title: string;
  status: string;
}) {
  const update = useUpdateProject();
  const [editing, setEditing] = useState<NewProject | 'loading' | null>(null);
  const [failed, setFailed] = useState(false);

  const openEditor = async () => {
    setEditing('loading');
    try {
      setEditing(await getProjectForEdit(projectId));
    } catch (error) {
      console.error('Failed to load the project', error);
      setEditing(null);
    }
  };
  const setStatus = (next: 'Open' | 'Closed') =>
    update.mutateAsync({ projectId, patch: { status: next } }).catch((error: unknown) => {
      console.error('Failed to change the project', error);
      toast.error('Could not change the project. Please try again.');
      throw error;
    });

  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => void openEditor()}>
        Edit project
      </Button>
      {status === 'Open' ? (
        <ConfirmButton
          size="sm"
          variant="ghost"
          title={`Close "${title}"?`}
          description="It will take no new applications. You can reopen it at any time."
          confirmLabel="Close project"
          busyLabel="Closing..."
          onConfirm={() => setStatus('Closed')}
        >
          Close project
        </ConfirmButton>
      ) : (
        <Button
          size="sm"
          variant="ghost"
          disabled={update.isPending}
          onClick={() => void setStatus('Open').catch(() => undefined)}
        >
          Reopen project
        </Button>
      )}
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        {editing !== null && (
          <DialogContent title="Edit project">
            {editing === 'loading' ? (
              <Spinner />
            ) : (
              <>
                {failed && (
                  <p role="alert" className="mb-2 text-sm text-red-700">
                    The project could not be saved. Try again.
                  </p>
                )}
                <PostProjectForm
                  initial={editing}
                  busy={update.isPending}
                  submitLabels={{ idle: 'Save changes', busy: 'Saving...' }}
                  onCancel={() => setEditing(null)}
                  onSubmit={(project) => {
                    setFailed(false);
                    update.mutate(
                      { projectId, patch: project },
                      {
                        onSuccess: () => setEditing(null),
                        onError: (error) => {
                          console.error('Failed to save the project', error);
                          setFailed(true);
                        },
                      },
                    );
                  }}
                />
              </>
            )}
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}
