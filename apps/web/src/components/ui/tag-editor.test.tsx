import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TagEditor } from './tag-editor';

function Harness({ initial = [] as string[] }) {
  const [tags, setTags] = useState(initial);
  return (
    <TagEditor label="Skills" tags={tags} onChange={setTags} suggestions={['React', 'Python']} />
  );
}

describe('TagEditor', () => {
  it('adds a trimmed entry with Enter or the plus button, and refuses blanks and duplicates', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Add to skills');
    const addButton = () => screen.getByRole('button', { name: /^Add .* to skills$/ });

    expect(addButton()).toBeDisabled();
    await user.type(input, '   ');
    expect(addButton()).toBeDisabled();

    await user.clear(input);
    await user.type(input, '  Rust  {Enter}');
    expect(screen.getByRole('button', { name: 'Remove Rust' })).toBeInTheDocument();
    expect(input).toHaveValue('');

    await user.type(input, 'Rust');
    expect(addButton()).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'Go');
    await user.click(addButton());
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Rust', 'Go']);
  });

  it('toggles a suggestion and removes a chip', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['Python']} />);
    await user.click(screen.getByRole('button', { name: 'React' }));
    expect(screen.getByRole('button', { name: 'React' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Python' }));
    expect(screen.queryByRole('button', { name: 'Remove Python' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove React' }));
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });
});
