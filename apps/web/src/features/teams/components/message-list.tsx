import type { TeamMember } from '@campuscollab/shared/core';
import { useEffect, useRef } from 'react';
import type { ChatMessage } from '../live/use-team-chat';

// The browser's locale, so a student reads times the way their device shows them.
const TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The team's messages, oldest first, each with its sender's name and time. */
export function MessageList({
  messages,
  members,
  myId,
}: {
  messages: ChatMessage[];
  members: TeamMember[];
  myId: string;
}) {
  const end = useRef<HTMLLIElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages.length]);
  const names = new Map(members.map((member) => [member.userId, member.name]));

  if (messages.length === 0) {
    return (
      <p className="py-10 text-center text-gray-700">No messages yet. Say hello to your team!</p>
    );
  }
  return (
    <ol
      aria-label="Team messages"
      // It scrolls: focusable, so a keyboard can scroll it too (WCAG 2.1.1).
      tabIndex={0}
      className="max-h-[28rem] space-y-3 overflow-y-auto py-2"
    >
      {messages.map((message) => {
        const mine = message.senderId === myId;
        const name = mine ? 'You' : (names.get(message.senderId ?? '') ?? 'A former member');
        return (
          <li key={message.id} className={mine ? 'ml-8 text-right' : 'mr-8'}>
            <p className="text-xs text-gray-600">
              <span className="font-semibold text-gray-900">{name}</span>{' '}
              <time dateTime={message.createdAt}>{TIME.format(new Date(message.createdAt))}</time>
            </p>
            <p
              className={
                'mt-1 inline-block max-w-full rounded-lg px-3 py-2 text-left whitespace-pre-wrap ' +
                (mine ? 'bg-brand-600 text-white' : 'bg-gray-100 text-gray-900')
              }
            >
              {message.text}
            </p>
          </li>
        );
      })}
      <li ref={end} aria-hidden="true" />
    </ol>
  );
}
