import { formatTeamChannel, TEAM_MESSAGE_EVENT } from '@campuscollab/shared/core';
import type { RealtimeMessage } from '@campuscollab/shared/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { client } from '../../../lib/client';
import { teamKeys } from '../api/team-keys';

export interface ChatMessage {
  id: string;
  senderId: string | null;
  text: string;
  createdAt: string;
}

export type ChatState = 'loading' | 'live' | 'refused';

const HISTORY_PAGE = 100;

function toChatMessage(message: RealtimeMessage): ChatMessage | null {
  const payload = message.payload as { text?: unknown } | null;
  if (message.event !== TEAM_MESSAGE_EVENT || typeof payload?.text !== 'string') return null;
  return {
    id: message.id,
    senderId: message.senderId,
    text: payload.text,
    createdAt: message.createdAt,
  };
}

/**
 * The team space's chat: the channel `team:<project id>` subscribed, its kept history, live
 * messages, and who is online (presence). Opening it, and each message that arrives while it is
 * open, marks the team read, so the dashboard's unread count stays true.
 */
export function useTeamChat(projectId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [online, setOnline] = useState<Set<string>>(new Set());
  const [state, setState] = useState<ChatState>('loading');

  useEffect(() => {
    if (!enabled) return;
    const channel = client.realtime.channel(formatTeamChannel(projectId));
    let active = true;
    const markRead = () =>
      void client.teams.markRead(projectId).then(() => {
        void queryClient.invalidateQueries({ queryKey: [...teamKeys.all, 'mine'] });
      });
    const add = (message: ChatMessage) =>
      setMessages((current) =>
        current.some((known) => known.id === message.id)
          ? current
          : [...current, message].sort((a, b) => (a.id < b.id ? -1 : 1)),
      );
    const stopMessages = channel.on(TEAM_MESSAGE_EVENT, (message) => {
      const chat = toChatMessage(message);
      if (!chat || !active) return;
      add(chat);
      markRead();
    });
    const stopPresence = channel.onPresence((event) => {
      setOnline((current) => {
        const next = new Set(current);
        if (event.event === 'join') next.add(event.member.userId);
        else next.delete(event.member.userId);
        return next;
      });
    });

    void (async () => {
      const subscribed = await channel.subscribe();
      if (!active) return;
      if (subscribed.error) {
        setState(subscribed.error.code === 'FORBIDDEN' ? 'refused' : 'loading');
        if (subscribed.error.code !== 'FORBIDDEN')
          console.error('Team chat unavailable', subscribed.error);
        return;
      }
      const [history, members] = await Promise.all([
        channel.history({ limit: HISTORY_PAGE }),
        channel.join({}).then(() => channel.listMembers()),
      ]);
      if (!active) return;
      for (const message of history.data ?? []) {
        const chat = toChatMessage(message);
        if (chat) add(chat);
      }
      setOnline(new Set((members.data ?? []).map((member) => member.userId)));
      setState('live');
      markRead();
    })();

    return () => {
      active = false;
      stopMessages();
      stopPresence();
      void channel.leave();
      void channel.unsubscribe();
    };
  }, [projectId, enabled, queryClient]);

  const send = useCallback(
    async (text: string) => {
      const channel = client.realtime.channel(formatTeamChannel(projectId));
      const { data, error } = await channel.publish(TEAM_MESSAGE_EVENT, { text });
      if (error) throw error;
      return data;
    },
    [projectId],
  );

  return { messages, online, state, send };
}
