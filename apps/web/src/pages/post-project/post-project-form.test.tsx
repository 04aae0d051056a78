import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PostProjectForm } from './post-project-form';

// The form asks whether AI is configured; here it is not (the AI helpers have their own tests).
vi.mock('../../lib/client', () => ({
  client: {
    ai: { status: async () => ({ data: { configured: false, models: null }, error: null }) },
  },
}));

function setup(busy = false) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PostProjectForm busy={busy} onSubmit={onSubmit} onCancel={onCancel} />
    </QueryClientProvider>,
  );
  const submit = () => screen.getByRole('button', { name: busy ? 'Posting...' : 'Post Project' });
  return { onSubmit, onCancel, submit, user: userEvent.setup() };
}

describe('PostProjectForm', () => {
  it('keeps submit disabled until both title and description have text', async () => {
    const { submit, user } = setup();
    expect(submit()).toBeDisabled();
    await user.type(screen.getByLabelText('Project Title*'), 'Robot');
    expect(submit()).toBeDisabled();
    await user.type(screen.getByLabelText('Project Description*'), 'Build a robot');
    expect(submit()).toBeEnabled();
  });

  it('refuses fields that are blank after trimming', async () => {
    const { onSubmit, submit, user } = setup();
    await user.type(screen.getByLabelText('Project Title*'), '   ');
    await user.type(screen.getByLabelText('Project Description*'), 'Something');
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends trimmed values and the chosen skills without duplicates', async () => {
    const { onSubmit, submit, user } = setup();
    await user.type(screen.getByLabelText('Project Title*'), '  Robot  ');
    await user.type(screen.getByLabelText('Project Description*'), ' A small robot ');
    await user.type(screen.getByLabelText('Timeline'), ' 2 weeks ');
    const skill = screen.getByLabelText('Add to skills needed');
    await user.type(skill, ' Rust {Enter}');
    await user.type(skill, 'Rust');
    expect(screen.getByRole('button', { name: 'Add Rust to skills needed' })).toBeDisabled();
    await user.clear(skill);
    await user.type(skill, 'Go');
    await user.click(screen.getByRole('button', { name: 'Add Go to skills needed' }));
    await user.click(screen.getByRole('button', { name: 'Design' }));
    await user.click(submit());
    expect(onSubmit).toHaveBeenCalledWith({
      title: 'Robot',
      description: 'A small robot',
      timeline: '2 weeks',
      skillsNeeded: ['Rust', 'Go', 'Design'],
    });
  });

  it('shows 8 suggested skills and a busy label while posting', () => {
    const { submit } = setup(true);
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(8);
    expect(submit()).toBeDisabled();
  });

  it('returns to the dashboard on Cancel', async () => {
    const { onCancel, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });
});
