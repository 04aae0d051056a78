import { Ban } from 'lucide-react';
import toast from 'react-hot-toast';
import { ConfirmButton } from '../../../components/ui/confirm-button';
import { useBlockStudent } from '../api/blocks';

/**
 * "Block" with its confirmation. Blocking hides each student from the other everywhere and
 * stops their messages and applications; Settings lists blocks to lift them.
 */
export function BlockButton({
  userId,
  name,
  onBlocked,
  size = 'sm',
}: {
  /** The student's account id. */
  userId: string;
  name: string;
  /** Called once the block is stored (to close the screen that showed them). */
  onBlocked?: () => void;
  size?: 'sm' | 'md';
}) {
  const block = useBlockStudent();
  const confirm = () =>
    block.mutateAsync(userId).then(
      () => {
        toast.success(`You blocked ${name}.`);
        onBlocked?.();
      },
      (error: unknown) => {
        console.error('Error blocking student:', error);
        toast.error('Error blocking this student. Please try again.');
        throw error;
      },
    );
  return (
    <ConfirmButton
      variant="ghost"
      size={size}
      aria-label={`Block ${name}`}
      title={`Block ${name}?`}
      description="They won’t be able to message you or apply to your projects, and you won’t see each other’s profiles, projects or messages. They aren’t told. You can unblock them in Settings."
      confirmLabel={`Block ${name}`}
      busyLabel="Blocking..."
      onConfirm={confirm}
    >
      <Ban aria-hidden="true" className="h-4 w-4" />
      Block
    </ConfirmButton>
  );
}
