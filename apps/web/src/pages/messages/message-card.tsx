import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { UNKNOWN_USER, type MessageWithPerson } from '../../features/messages/api/lookup-people';
import { cn } from '../../lib/cn';
import { formatShortDate } from '../../lib/dates';

/** One message in a list; unread ones (inbox only) are highlighted with a 'New' badge. */
export function MessageCard({
  message,
  highlightUnread,
  onOpen,
}: {
  message: MessageWithPerson;
  highlightUnread: boolean;
  onOpen: (message: MessageWithPerson) => void;
}) {
  const name = message.person?.name || UNKNOWN_USER;
  const unread = highlightUnread && message.readStatus === 0;
  return (
    <button
      type="button"
      onClick={() => onOpen(message)}
      className={cn(
        'flex w-full gap-3 rounded-xl border p-4 text-left shadow-sm transition-colors sm:gap-4 sm:p-5',
        unread
          ? 'border-brand-600/40 bg-brand-50 hover:bg-brand-100'
          : 'border-gray-200 bg-white hover:bg-gray-50',
      )}
    >
      <Avatar name={name} src={message.person?.profilePicture} />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="min-w-0 font-semibold text-gray-900">{name}</span>
          {unread && <Badge tone="brand">New</Badge>}
          <span className="ml-auto text-xs text-gray-600">
            {formatShortDate(message.createdAt)}
          </span>
        </span>
        {message.person?.university && (
          <span className="block text-sm text-gray-600">{message.person.university}</span>
        )}
        <span className={cn('mt-1 block text-gray-900', unread && 'font-semibold')}>
          {message.subject}
        </span>
        <span className="mt-0.5 line-clamp-2 text-sm text-gray-700">{message.message}</span>
      </span>
    </button>
  );
}

export function MessageCardSkeleton() {
  return (
    <Card className="flex gap-4 p-5">
      <Skeleton className="h-12 w-12 rounded-full" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-5 w-1/3" />
        <Skeleton className="h-4 w-1/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-full" />
      </div>
    </Card>
  );
}
