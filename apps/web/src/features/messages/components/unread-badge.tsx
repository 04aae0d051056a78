import { useAuth } from '../../auth/use-auth';
import { useUnreadMessageCount } from '../api/count-unread-messages';
import { useLiveInbox } from '../live/use-live-inbox';
import { formatNumber } from '../../../lib/format';

/** The count beside the header's Messages link; nothing when all is read. */
export function UnreadBadge() {
  const { user } = useAuth();
  useLiveInbox(user?.id);
  const { data: unread = 0 } = useUnreadMessageCount(user?.id);
  if (unread === 0) return null;
  return (
    <span className="ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
      {unread > 99 ? '99+' : formatNumber(unread)}
      <span className="sr-only"> unread</span>
    </span>
  );
}
