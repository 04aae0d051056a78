import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NavigationProvider } from '../../lib/navigation';
import { PostProjectPage } from './post-project-page';

const mutation = vi.hoisted(() => ({ isPending: false, mutate: vi.fn() }));

vi.mock('../../features/auth/use-auth', () => ({
  useAuth: () => ({ user: { id: 'account-1' }, loading: false, isAuthenticated: true }),
}));
vi.mock('../../features/projects/api/create-project', () => ({
  useCreateProject: () => mutation,
}));
vi.mock('../../lib/client', () => ({
  client: {
    ai: { status: async () => ({ data: { configured: false, models: null }, error: null }) },
  },
}));
vi.mock('react-hot-toast', () => ({ default: { success: vi.fn(), error: vi.fn() } }));

type Callbacks = { onSuccess: () => void; onError: (error: Error) => void };

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NavigationProvider>
        <PostProjectPage />
      </NavigationProvider>
    </QueryClientProvider>,
  );

async function submitForm() {
  const user = userEvent.setup();
  renderPage();
  await user.type(screen.getByLabelText('Project Title*'), 'Robot');
  await user.type(screen.getByLabelText('Project Description*'), 'Build it');
  await user.click(screen.getByRole('button', { name: 'Post Project' }));
  return mutation.mutate.mock.calls[0]![1] as Callbacks;
}

describe('PostProjectPage', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    mutation.isPending = false;
    window.history.replaceState(null, '', '/?page=post-project');
  });

  it('announces success and goes to the dashboard', async () => {
    const callbacks = await submitForm();
    callbacks.onSuccess();
    expect(toast.success).toHaveBeenCalledWith('Project posted successfully!');
    expect(window.location.search).toBe('?page=dashboard');
  });

  it('announces a failure and stays on the form', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const callbacks = await submitForm();
    callbacks.onError(new Error('offline'));
    log.mockRestore();
    expect(toast.error).toHaveBeenCalledWith('Error posting project. Please try again.');
    expect(window.location.search).toBe('?page=post-project');
  });

  it('shows the busy label with the button disabled while posting', () => {
    mutation.isPending = true;
    renderPage();
    expect(screen.getByRole('button', { name: 'Posting...' })).toBeDisabled();
  });
});
