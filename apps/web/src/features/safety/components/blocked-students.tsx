import { Ban } from 'lucide-react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useMyBlocks, useUnblockStudent } from '../api/blocks';

/** Settings' "Blocked students": whom I blocked, each with Unblock. */
export function BlockedStudents() {
  const blocks = useMyBlocks();
  const unblock = useUnblockStudent();
  return (
    <Card className="space-y-3">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <Ban aria-hidden="true" className="h-5 w-5" />
        Blocked students
      </h2>
      {blocks.isPending ? (
        <Spinner label="Loading blocked students..." />
      ) : blocks.isError ? (
        <p className="text-sm text-red-700">Error loading blocked students.</p>
      ) : blocks.data.length === 0 ? (
        <p className="text-sm text-gray-700">You haven’t blocked anyone.</p>
      ) : (
        <ul className="divide-y divide-gray-100" aria-label="Blocked students">
          {blocks.data.map((block) => {
            const name = block.blockedName || 'A student';
            return (
              <li key={block.id} className="flex items-center justify-between gap-3 py-2">
                <span className="text-sm text-gray-900">{name}</span>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Unblock ${name}`}
                  disabled={unblock.isPending && unblock.variables === block.id}
                  onClick={() =>
                    unblock.mutate(block.id, {
                      onSuccess: () => toast.success(`You unblocked ${name}.`),
                      onError: (error) => {
                        console.error('Error unblocking student:', error);
                        toast.error('Error unblocking this student. Please try again.');
                      },
                    })
                  }
                >
                  Unblock
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
