import { TEAM_MESSAGE_MAX } from '@campuscollab/shared/core';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';

/** Enter sends, Shift+Enter starts a new line; at most TEAM_MESSAGE_MAX characters. */
export function ChatComposer({ onSend }: { onSend: (text: string) => Promise<unknown> }) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const blank = text.trim().length === 0;

  const send = async () => {
    if (blank || sending) return;
    setSending(true);
    setFailed(false);
    try {
      await onSend(text);
      setText('');
    } catch (error) {
      console.error('Failed to send the team message', error);
      setFailed(true);
    } finally {
      setSending(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  return (
    <form onSubmit={onSubmit} className="space-y-2">
      <label htmlFor="team-message" className="sr-only">
        Message your team
      </label>
      <textarea
        id="team-message"
        value={text}
        maxLength={TEAM_MESSAGE_MAX}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        rows={3}
        placeholder="Message your team (Enter to send, Shift+Enter for a new line)"
        className="w-full rounded-lg border border-gray-300 px-3 py-2 focus:border-brand-600 focus:outline-none"
      />
      <div className="flex items-center justify-between gap-3">
        <span className="text-sm text-gray-600">
          {text.length}/{TEAM_MESSAGE_MAX}
        </span>
        {failed && <span className="text-sm text-red-700">Message not sent. Try again.</span>}
        <Button type="submit" disabled={blank || sending}>
          {sending ? 'Sending...' : 'Send'}
        </Button>
      </div>
    </form>
  );
}
