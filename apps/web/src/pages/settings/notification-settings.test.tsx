import type { UserRecord } from '@campuscollab/sdk';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toNotificationPayload } from '../../features/profiles/api/update-notifications';
import { NotificationSettings } from './notification-settings';

const mutate = vi.fn();
vi.mock('../../features/profiles/api/update-notifications', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useUpdateNotifications: () => ({ mutate, isPending: false }),
}));

const profile = {
  id: 'user_1',
  emailNotifications: '1',
  projectNotifications: '0',
  collaborationNotifications: '2',
} as unknown as UserRecord;

describe('NotificationSettings', () => {
  // Braces: a function returned from beforeEach would run as its cleanup.
  beforeEach(() => {
    mutate.mockReset();
  });

  it('shows a switch on when its stored value is above 0', () => {
    render(<NotificationSettings profile={profile} />);
    expect(screen.getByRole('switch', { name: 'Email Notifications' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Project Notifications' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Collaboration Notifications' })).toBeChecked();
  });

  it("saves the switches and says 'Settings saved successfully!'", () => {
    mutate.mockImplementation((_input, options: { onSuccess: () => void }) => options.onSuccess());
    render(<NotificationSettings profile={profile} />);
    fireEvent.click(screen.getByRole('switch', { name: 'Email Notifications' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Project Notifications' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(mutate).toHaveBeenCalledWith(
      {
        profileId: 'user_1',
        settings: {
          emailNotifications: false,
          projectNotifications: true,
          collaborationNotifications: true,
        },
      },
      expect.anything(),
    );
    expect(screen.getByText('Settings saved successfully!')).toBeInTheDocument();
  });

  it("stores the switches as '1' and '0'", () => {
    expect(
      toNotificationPayload({
        emailNotifications: true,
        projectNotifications: false,
        collaborationNotifications: true,
      }),
    ).toEqual({
      emailNotifications: '1',
      projectNotifications: '0',
      collaborationNotifications: '1',
    });
  });
});
