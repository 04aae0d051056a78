import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../components/ui/dialog';

const LOST = [
  'Your profile and personal information',
  'All projects you have created',
  'Your collaboration history',
  'Your referral progress and leaderboard ranking',
];

/** Danger Zone (docs/product.md §2.16): deletion only after 'Are you absolutely sure?'. */
export function DangerZone({ deleting, onDelete }: { deleting: boolean; onDelete: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Card className="space-y-3 border-red-200">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-red-700">
        <AlertTriangle aria-hidden="true" className="h-5 w-5" />
        Danger Zone
      </h2>
      <p className="text-sm text-gray-700">
        Deleting your account is permanent and cannot be undone.
      </p>
      <Dialog open={open} onOpenChange={(next) => !deleting && setOpen(next)}>
        <DialogTrigger asChild>
          <Button variant="danger">Delete My Account</Button>
        </DialogTrigger>
        <DialogContent
          title="Are you absolutely sure?"
          description="This action cannot be undone. This will permanently delete your account and remove:"
        >
          <ul className="list-disc space-y-1 pl-5 text-sm text-gray-800">
            {LOST.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary" disabled={deleting}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="danger" disabled={deleting} onClick={onDelete}>
              {deleting ? 'Deleting...' : 'Yes, delete my account'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
