import { Ban } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
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
  const [open, setOpen] = useState(false);
  const block = useBlockStudent();
  const confirm = () =>
    block.mutate(userId, {
      onSuccess: () => {
        setOpen(false);
        toast.success(`You blocked ${name}.`);
        onBlocked?.();
      },
      onError: (error) => {
        console.error('Error blocking student:', error);
        toast.error('Error blocking this student. Please try again.');
      },
    });
  return (
    <Dialog open={open} onOpenChange={(next) => !block.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="ghost" size={size} aria-label={`Block ${name}`}>
          <Ban aria-hidden="true" className="h-4 w-4" />
          Block
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Block ${name}?`}
        description="They won’t be able to message you or apply to your projects, and you won’t see each other’s profiles, projects or messages. They aren’t told. You can unblock them in Settings."
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="secondary" disabled={block.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="danger" disabled={block.isPending} onClick={confirm}>
            {block.isPending ? 'Blocking...' : `Block ${name}`}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
