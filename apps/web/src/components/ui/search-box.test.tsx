import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SearchBox } from './search-box';

function Controlled() {
  const [value, setValue] = useState('');
  return (
    <>
      <SearchBox
        id="s"
        label="Search projects"
        placeholder="Search..."
        value={value}
        onChange={setValue}
      />
      <output>{value}</output>
    </>
  );
}

describe('SearchBox', () => {
  it('is a search box named by its label, and reports what is typed', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const box = screen.getByRole('searchbox', { name: 'Search projects' });
    expect(box).toHaveAttribute('placeholder', 'Search...');
    await user.type(box, 'robot');
    expect(screen.getByRole('status')).toHaveTextContent('robot');
    await user.clear(box);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});
