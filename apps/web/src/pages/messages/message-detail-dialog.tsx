import { Reply, Trash2, User } from 'lucide-react';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { UNKNOWN_USER, type MessageWithPerson } from '../../features/messages/api/lookup-people';
import { BlockButton } from '../../features/safety/components/block-button';
import { ReportButton } from '../../features/safety/components/report-button';
import { formatLongDate } from '../../lib/dates';

/**
 * A message in full (docs/product.md §2.14), with View Profile, Reply (§10.6) and delete; a
 * received one can be reported and its sender blocked (docs/security.md, safety).
 */
export function MessageDetailDialog({
  message,
  inbox,
  onClose,
  onViewProfile,
  onReply,
  onDelete,
  deleting,
}: {
  message: MessageWithPerson | null;
  /** Sent messages cannot be answered or deleted by their sender. */
  inbox: boolean;
  onClose: () => void;
  onViewProfile: () => void;
  onReply: (message: MessageWithPerson) => void;
  onDelete: (message: MessageWithPerson) => void;
  deleting: boolean;
}) {
  const name = message?.person?.name || UNKNOWN_USER;
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && onClose()}>
      {message && (
        <DialogContent title={message.subject} description={inbox ? `From ${name}` : `To ${name}`}>
          <div className="flex items-center gap-3">
            <Avatar name={name} src={message.person?.profilePicture} />
            <div className="min-w-0">
              <p className="font-semibold text-gray-900">{name}</p>
              {message.person?.university && (
                <p className="text-sm text-gray-600">{message.person.university}</p>
              )}
              <p className="text-xs text-gray-600">{formatLongDate(message.createdAt)}</p>
            </div>
          </div>
          <p className="mt-4 text-sm font-medium text-gray-600">Subject</p>
          <p className="font-semibold text-gray-900">{message.subject}</p>
          <p className="mt-4 text-sm font-medium text-gray-600">Message</p>
          <p className="rounded-lg bg-gray-50 p-4 whitespace-pre-wrap text-gray-900">
            {message.message}
          </p>
          <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            <Button variant="secondary" onClick={onViewProfile}>
              <User aria-hidden="true" className="h-4 w-4" />
              View Profile
            </Button>
            {inbox && (
              <>
                <Button onClick={() => onReply(message)}>
                  <Reply aria-hidden="true" className="h-4 w-4" />
                  Reply
                </Button>
                <Button
                  variant="danger"
                  className="sm:ml-auto"
                  disabled={deleting}
                  onClick={() => onDelete(message)}
                >
                  <Trash2 aria-hidden="true" className="h-4 w-4" />
                  {deleting ? 'Deleting...' : 'Delete'}
                </Button>
              </>
            )}
          </div>
          {inbox && (
            <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-gray-100 pt-3">
              <ReportButton
                targetKind="message"
                targetId={message.id}
                targetName={message.subject}
              />
              <BlockButton userId={message.senderId} name={name} onBlocked={onClose} />
            </div>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}
