import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SkillChips } from './skill-chips';

const chips = () => screen.queryAllByRole('listitem').map((item) => item.textContent);

describe('SkillChips', () => {
  it('shows up to 3 skills and no counter when they all fit', () => {
    render(<SkillChips skills={['Coding', 'Design', 'Music']} />);
    expect(chips()).toEqual(['Coding', 'Design', 'Music']);
  });

  it("shows the first 3 and '+N more' for the rest", () => {
    render(<SkillChips skills={['Coding', 'Design', 'Music', 'Video', 'Research']} />);
    expect(chips()).toEqual(['Coding', 'Design', 'Music', '+2 more']);
  });

  it('shows nothing when no skills are needed', () => {
    render(<SkillChips skills={[]} />);
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });
});
