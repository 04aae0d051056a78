import type { UserRecord } from '@campuscollab/sdk';
import { isNotificationOn, SAVE_BANNER_MS } from '@campuscollab/shared';
import { useEffect, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Switch } from '../../components/ui/switch';
import {
  useUpdateNotifications,
  type NotificationSettings as Settings,
} from '../../features/profiles/api/update-notifications';

const SWITCHES: { key: keyof Settings; label: string; description: string }[] = [
  {
    key: 'emailNotifications',
    label: 'Email Notifications',
    description: 'Receive an email when another student sends you a message.',
  },
  {
    key: 'projectNotifications',
    label: 'Project Notifications',
    description: 'Get notified when students apply to your projects.',
  },
  {
    key: 'collaborationNotifications',
    label: 'Collaboration Notifications',
    description: 'Hear back when a project owner answers your application.',
  },
];

/** Notification preferences (docs/product.md §2.16): on when the stored value is above 0. */
export function NotificationSettings({ profile }: { profile: UserRecord }) {
  const save = useUpdateNotifications();
  const [settings, setSettings] = useState<Settings>(() => ({
    emailNotifications: isNotificationOn(profile.emailNotifications),
    projectNotifications: isNotificationOn(profile.projectNotifications),
    collaborationNotifications: isNotificationOn(profile.collaborationNotifications),
  }));
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SAVE_BANNER_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const submit = () =>
    save.mutate(
      { profileId: profile.id, settings },
      {
        onSuccess: () => setSaved(true),
        // docs/product.md §8.4: saving settings fails silently for the student, and is logged.
        onError: (error) => console.error('Error saving settings:', error),
      },
    );

  return (
    <Card className="space-y-5">
      <h2 className="text-lg font-semibold text-gray-900">Notification Preferences</h2>
      {saved && <Alert tone="success">Settings saved successfully!</Alert>}
      {SWITCHES.map(({ key, label, description }) => (
        <Switch
          key={key}
          label={label}
          description={description}
          checked={settings[key]}
          onCheckedChange={(checked) => setSettings((current) => ({ ...current, [key]: checked }))}
        />
      ))}
      <Button onClick={submit} disabled={save.isPending} className="w-full sm:w-auto">
        {save.isPending ? 'Saving...' : 'Save Settings'}
      </Button>
    </Card>
  );
}
