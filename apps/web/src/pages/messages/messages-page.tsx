import { MESSAGE_SUBJECT_MAX } from '@campuscollab/shared';
import { Info } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigation } from '../../lib/navigation';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useAuth } from '../../features/auth/use-auth';
import { useUnreadMessageCount } from '../../features/messages/api/count-unread-messages';
import { useDeleteMessage } from '../../features/messages/api/delete-message';
import { useInboxMessages } from '../../features/messages/api/list-inbox-messages';
import { useSentMessages } from '../../features/messages/api/list-sent-messages';
import { UNKNOWN_USER, type MessageWithPerson } from '../../features/messages/api/lookup-people';
import { useMarkMessageRead } from '../../features/messages/api/mark-message-read';
import { ContactDialog } from '../../features/messages/components/contact-dialog';
import { MessageDetailDialog } from './message-detail-dialog';
import { MessageList } from './message-list';
import { MessagesSummary } from './messages-summary';
import { useDocumentTitle } from '../../lib/document-title';

type Box = 'inbox' | 'sent';

/** Messages (docs/product.md §2.14), plus the Sent box and Reply of §10.6. */
export function MessagesPage() {
  useDocumentTitle('Messages');
  const { user } = useAuth();
  const { navigate } = useNavigation();
  const [box, setBox] = useState<Box>('inbox');
  const [opened, setOpened] = useState<{ message: MessageWithPerson; box: Box } | null>(null);
  const [replyTo, setReplyTo] = useState<MessageWithPerson | null>(null);
  const [replyOpen, setReplyOpen] = useState(false);
  const inbox = useInboxMessages(user?.id);
  const sent = useSentMessages(user?.id, box === 'sent');
  const unread = useUnreadMessageCount(user?.id);
  const markRead = useMarkMessageRead();
  const remove = useDeleteMessage();

  // docs/product.md §8.4: loading failures are only logged.
  useEffect(() => {
    if (inbox.error) console.error('Error loading messages:', inbox.error);
  }, [inbox.error]);

  if (!user) {
    return (
      <div className="flex flex-col items-center gap-4 py-16 text-center">
        <p className="text-lg text-gray-800">Please log in to view messages</p>
        <Button onClick={() => navigate('auth')}>Log In</Button>
      </div>
    );
  }

  const open = (message: MessageWithPerson, from: Box) => {
    setOpened({ message, box: from });
    if (from === 'inbox' && message.readStatus === 0) markRead.mutate(message.id);
  };
  const reply = (message: MessageWithPerson) => {
    setOpened(null);
    setReplyTo(message);
    setReplyOpen(true);
  };
  const deleteOpened = (message: MessageWithPerson) =>
    remove.mutate(message.id, { onSuccess: () => setOpened(null) });
  const findCollaborators = () => navigate('find-collaborators');

  const total = inbox.data?.pages[0]?.total ?? 0;
  const loadingHeader = inbox.isPending || unread.isPending;

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <Alert tone="info">
        <span className="flex gap-2">
          <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          Messaging is optional. You can also connect with students through the social links on
          their profiles (Instagram, LinkedIn, email).
        </span>
      </Alert>
      {loadingHeader ? (
        <div className="space-y-2">
          <Skeleton className="h-9 w-48" />
          <Skeleton className="h-5 w-40" />
        </div>
      ) : (
        <MessagesSummary unread={unread.data ?? 0} total={total} />
      )}
      <Tabs value={box} onValueChange={(value) => setBox(value as Box)} className="space-y-4">
        <TabsList label="Message boxes">
          <TabsTrigger value="inbox">Inbox</TabsTrigger>
          <TabsTrigger value="sent">Sent</TabsTrigger>
        </TabsList>
        <TabsContent value="inbox">
          <MessageList
            query={inbox}
            inbox
            onOpen={(message) => open(message, 'inbox')}
            onFindCollaborators={findCollaborators}
          />
        </TabsContent>
        <TabsContent value="sent">
          <MessageList
            query={sent}
            inbox={false}
            onOpen={(message) => open(message, 'sent')}
            onFindCollaborators={findCollaborators}
          />
        </TabsContent>
      </Tabs>
      <MessageDetailDialog
        message={opened?.message ?? null}
        inbox={opened?.box === 'inbox'}
        onClose={() => setOpened(null)}
        onViewProfile={findCollaborators}
        onReply={reply}
        onDelete={deleteOpened}
        deleting={remove.isPending}
      />
      {replyTo && (
        <ContactDialog
          open={replyOpen}
          onOpenChange={setReplyOpen}
          recipientId={replyTo.senderId}
          recipientName={replyTo.person?.name || UNKNOWN_USER}
          initialSubject={`Re: ${replyTo.subject}`.slice(0, MESSAGE_SUBJECT_MAX)}
        />
      )}
    </div>
  );
}
