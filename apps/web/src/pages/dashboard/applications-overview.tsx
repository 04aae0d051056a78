import { Card } from '../../components/ui/card';
import { ReceivedApplications } from './received-applications';
import { SentApplications } from './sent-applications';

/** docs/product.md §10.5: owners decide on applications; applicants follow theirs. */
export function ApplicationsOverview({ userId }: { userId: string }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <h2 className="text-lg font-semibold text-gray-900">Applications to My Projects</h2>
        <ReceivedApplications userId={userId} />
      </Card>
      <Card>
        <h2 className="text-lg font-semibold text-gray-900">My Applications</h2>
        <SentApplications userId={userId} />
      </Card>
    </div>
  );
}
