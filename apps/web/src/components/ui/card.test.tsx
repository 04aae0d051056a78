import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Card } from './card';

describe('Card', () => {
  it("takes the caller's padding instead of its own", () => {
    render(<Card className="flex p-5">content</Card>);
    const card = screen.getByText('content');
    expect(card).toHaveClass('flex', 'p-5', 'rounded-xl');
    expect(card).not.toHaveClass('p-6');
  });

  it('keeps its own padding when the caller sets none', () => {
    render(<Card className="space-y-4">content</Card>);
    expect(screen.getByText('content')).toHaveClass('p-6', 'space-y-4');
  });
});
