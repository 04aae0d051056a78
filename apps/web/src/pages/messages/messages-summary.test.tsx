import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { describeUnread, MessagesSummary } from './messages-summary';

describe('the Messages header', () => {
  it.each([
    [0, 'All caught up!'],
    [1, '1 unread message'],
    [3, '3 unread messages'],
  ])('says %i unread as %s', (unread, text) => {
    expect(describeUnread(unread)).toBe(text);
  });

  it('shows the unread text and the total', () => {
    render(<MessagesSummary unread={1} total={4} />);
    expect(screen.getByText('1 unread message')).toBeInTheDocument();
    expect(screen.getByText('4 total messages')).toBeInTheDocument();
  });
});
