import type { UserRecord } from '@campuscollab/sdk';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { formatLongDate } from '../../lib/dates';

/** Account information, read-only (docs/product.md §2.16). */
export function AccountInformation({
  profile,
  email,
  onEditProfile,
}: {
  profile: UserRecord;
  email: string;
  onEditProfile: () => void;
}) {
  const rows = [
    ['Email', profile.email ?? email],
    ['Full Name', profile.name],
    ['University', profile.university],
    ['Member Since', formatLongDate(profile.createdAt)],
  ] as const;
  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-semibold text-gray-900">Account Information</h2>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm font-medium text-gray-600">{label}</dt>
            <dd className="text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
      <Button variant="secondary" onClick={onEditProfile}>
        Edit Profile
      </Button>
    </Card>
  );
}
