import { formatNumber } from '../../lib/format';

/** docs/product.md §2.14: '1 unread message', 'N unread messages', or 'All caught up!' at 0. */
export function describeUnread(unread: number): string {
  if (unread === 0) return 'All caught up!';
  return `${formatNumber(unread)} unread ${unread === 1 ? 'message' : 'messages'}`;
}

/** The Messages header: unread count plus the total in the inbox. */
export function MessagesSummary({ unread, total }: { unread: number; total: number }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-2">
      <div>
        <h1 className="text-3xl font-bold text-gray-900">Messages</h1>
        <p className="mt-1 text-gray-700" aria-live="polite">
          {describeUnread(unread)}
        </p>
      </div>
      <p className="text-sm text-gray-600">
        {formatNumber(total)} total {total === 1 ? 'message' : 'messages'}
      </p>
    </div>
  );
}
