import { Card } from '../../components/ui/card';
import { ReceivedApplications } from './received-applications';
import { SentApplications } from './sent-applications';

/**
 * docs/product.md §10.5: owners decide on applications; applicants follow theirs. Each card is a
 * named region, so assistive technology (and the journeys) can go straight to it.
 */
export function ApplicationsOverview({ userId }: { userId: string }) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card role="region" aria-labelledby="received-applications-heading">
        <h2 id="received-applications-heading" className="text-lg font-semibold text-gray-900">
          Applications to My Projects
        </h2>
        <ReceivedApplications userId={userId} />
      </Card>
      <Card role="region" aria-labelledby="sent-applications-heading">
        <h2 id="sent-applications-heading" className="text-lg font-semibold text-gray-900">
          My Applications
        </h2>
        <SentApplications userId={userId} />
      </Card>
    </div>
  );
}
