import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Mail } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { Card } from '../../components/ui/card';
import type { MessagePage } from '../../features/messages/api/list-inbox-messages';
import type { MessageWithPerson } from '../../features/messages/api/lookup-people';
import { MessageCard, MessageCardSkeleton } from './message-card';

/** A box of messages a page at a time: three skeletons, the empty state, or the cards. */
export function MessageList({
  query,
  inbox,
  onOpen,
  onFindCollaborators,
}: {
  query: UseInfiniteQueryResult<InfiniteData<MessagePage>>;
  inbox: boolean;
  onOpen: (message: MessageWithPerson) => void;
  onFindCollaborators: () => void;
}) {
  if (query.isPending) {
    return (
      <div className="space-y-3" aria-busy="true" aria-label="Loading messages">
        {Array.from({ length: 3 }, (_, index) => (
          <MessageCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  const messages = query.data?.pages.flatMap((page) => page.messages) ?? [];
  if (messages.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-3 py-12 text-center">
        <Mail aria-hidden="true" className="h-12 w-12 text-gray-400" />
        <h2 className="text-xl font-semibold text-gray-900">
          {inbox ? 'No messages yet' : 'No sent messages yet'}
        </h2>
        <p className="max-w-md text-gray-700">
          {inbox
            ? 'When other students send you messages, they will appear here.'
            : 'Messages you send to other students will appear here.'}
        </p>
        <Button onClick={onFindCollaborators}>Find Collaborators</Button>
      </Card>
    );
  }
  return (
    <div className="space-y-3">
      <ul className="space-y-3" aria-label={inbox ? 'Inbox' : 'Sent messages'}>
        {messages.map((message) => (
          <li key={message.id}>
            <MessageCard message={message} highlightUnread={inbox} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      <LoadMoreButton query={query} className="pt-2" />
    </div>
  );
}
