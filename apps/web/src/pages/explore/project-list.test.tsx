import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProjectRow } from '../../features/projects/types';
import { ProjectList } from './project-list';

const mutation = vi.hoisted(() => ({ isPending: false, variables: '', mutate: vi.fn() }));

vi.mock('../../features/applications/api/create-application', () => ({
  useCreateApplication: () => mutation,
}));
vi.mock('../../features/applications/api/list-applied-project-ids', () => ({
  useAppliedProjectIds: () => ({ data: new Set(['p-applied']), error: null }),
}));
vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

const project = (id: string, postedById = 'someone-else'): ProjectRow => ({
  id,
  title: `Project ${id}`,
  description: 'Text',
  timeline: null,
  skillsNeeded: '[]',
  postedById,
  postedBy: 'Pat Poster',
  status: 'Open',
  university: 'MIT',
  city: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  hiddenAt: null,
});

const button = (id: string) =>
  within(screen.getByRole('article', { name: `Project ${id}` })).getByRole('button');

type Callbacks = { onSuccess: () => void; onError: (error: Error) => void };

describe('ProjectList', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    render(
      <ProjectList
        userId="me"
        projects={[project('p-own', 'me'), project('p-applied'), project('p-open')]}
      />,
    );
  });

  it('names the poster of each project', () => {
    expect(screen.getByRole('article', { name: 'Project p-open' })).toHaveTextContent('Pat Poster');
  });

  it("labels one's own and already applied projects, disabled", () => {
    expect(button('p-own')).toHaveTextContent('Your Project');
    expect(button('p-own')).toBeDisabled();
    expect(button('p-applied')).toHaveTextContent('Applied');
    expect(button('p-applied')).toBeDisabled();
    expect(button('p-open')).toHaveTextContent('Apply to Join');
    expect(button('p-open')).toBeEnabled();
  });

  it("applies, then shows the success toast and 'Applied'", async () => {
    await userEvent.setup().click(button('p-open'));
    expect(mutation.mutate).toHaveBeenCalledWith('p-open', expect.anything());
    const callbacks = mutation.mutate.mock.calls[0]![1] as Callbacks;
    act(() => callbacks.onSuccess());
    expect(toast.success).toHaveBeenCalledWith('Application submitted successfully!');
    expect(button('p-open')).toHaveTextContent('Applied');
    expect(button('p-open')).toBeDisabled();
  });

  it('shows the failure toast when the server refuses', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await userEvent.setup().click(button('p-open'));
    const callbacks = mutation.mutate.mock.calls[0]![1] as Callbacks;
    act(() => callbacks.onError(new Error('You have already applied to this project')));
    expect(toast.error).toHaveBeenCalledWith('Error submitting application. Please try again.');
    expect(button('p-open')).toHaveTextContent('Apply to Join');
    log.mockRestore();
  });
});
