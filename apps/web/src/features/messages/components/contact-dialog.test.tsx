import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactDialog } from './contact-dialog';

const mutate = vi.fn();
vi.mock('../api/send-message', () => ({
  useSendMessage: () => ({ mutate, isPending: false }),
}));

function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <ContactDialog open={open} onOpenChange={setOpen} recipientId="acct-2" recipientName="Bob" />
  );
}

const subject = () => screen.getByLabelText('Subject');
const body = () => screen.getByLabelText('Message');
const sendButton = () => screen.getByRole('button', { name: 'Send Message' });

describe('ContactDialog', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mutate.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('limits the subject to 100 and the message to 500 characters, with a counter', () => {
    render(<Harness />);
    expect(subject()).toHaveAttribute('maxLength', '100');
    expect(body()).toHaveAttribute('maxLength', '500');
    expect(screen.getByText('0/500')).toBeInTheDocument();
    fireEvent.change(body(), { target: { value: 'Hello there' } });
    expect(screen.getByText('11/500')).toBeInTheDocument();
  });

  it('refuses a blank subject or message without sending', () => {
    render(<Harness />);
    fireEvent.change(subject(), { target: { value: '   ' } });
    fireEvent.change(body(), { target: { value: 'Hi' } });
    fireEvent.click(sendButton());
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    fireEvent.change(subject(), { target: { value: 'Project' } });
    fireEvent.change(body(), { target: { value: '  ' } });
    fireEvent.click(sendButton());
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(mutate).not.toHaveBeenCalled();
  });

  it("sends trimmed values, shows 'Message Sent!' and closes after 2 s", () => {
    mutate.mockImplementation((_input, options: { onSuccess: () => void }) => options.onSuccess());
    render(<Harness />);
    fireEvent.change(subject(), { target: { value: '  Robots  ' } });
    fireEvent.change(body(), { target: { value: 'Want to build one?' } });
    fireEvent.click(sendButton());
    expect(mutate).toHaveBeenCalledWith(
      { recipientId: 'acct-2', subject: 'Robots', message: 'Want to build one?' },
      expect.anything(),
    );
    expect(screen.getByText('Message Sent!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
