import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserRecord } from '@campuscollab/sdk';
import { client } from '../../../lib/client';
import { profileKeys } from './profile-keys';

export interface NotificationSettings {
  emailNotifications: boolean;
  projectNotifications: boolean;
  collaborationNotifications: boolean;
}

const stored = (on: boolean) => (on ? '1' : '0');

/** docs/product.md §5.9: the switches are stored as the text '1' or '0'. */
export function toNotificationPayload(settings: NotificationSettings) {
  return {
    emailNotifications: stored(settings.emailNotifications),
    projectNotifications: stored(settings.projectNotifications),
    collaborationNotifications: stored(settings.collaborationNotifications),
  };
}

/** users update by id with the notification payload (updatedAt is the server's). */
export async function updateNotifications(
  profileId: string,
  settings: NotificationSettings,
): Promise<UserRecord> {
  const { data, error } = await client.tables
    .from('users')
    .update(profileId, toNotificationPayload(settings));
  if (error) throw error;
  if (!data) throw new Error('Profile not found');
  return data;
}

export function useUpdateNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, settings }: { profileId: string; settings: NotificationSettings }) =>
      updateNotifications(profileId, settings),
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.ownOf(profile.userId), profile),
  });
}
