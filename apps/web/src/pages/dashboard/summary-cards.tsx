import type { UseQueryResult } from '@tanstack/react-query';
import { FolderOpen, Send } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useNavigation } from '../../lib/navigation';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { usePendingApplicationsCount } from '../../features/applications/api/count-pending-applications';
import { useOwnOpenProjectsCount } from '../../features/projects/api/count-own-open-projects';
import { formatNumber } from '../../lib/format';

function CountCard({
  title,
  icon,
  query,
  unit,
  action,
}: {
  title: string;
  icon: ReactNode;
  query: UseQueryResult<number>;
  unit: string;
  action: ReactNode;
}) {
  useEffect(() => {
    if (query.error) console.error(`Failed to count ${unit}`, query.error);
  }, [query.error, unit]);
  return (
    <Card className="flex flex-col">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        {icon}
        {title}
      </h2>
      <p className="mt-4 flex-1 text-xl font-semibold text-gray-900">
        {query.isPending ? (
          <Skeleton className="h-6 w-40" />
        ) : (
          `${formatNumber(query.data ?? 0)} ${unit}`
        )}
      </p>
      <div className="mt-4">{action}</div>
    </Card>
  );
}

/** My Projects and Applications, with real counts (docs/product.md §10.3). */
export function SummaryCards({ userId }: { userId: string }) {
  const { navigate } = useNavigation();
  const projects = useOwnOpenProjectsCount(userId);
  const applications = usePendingApplicationsCount(userId);
  return (
    <>
      <CountCard
        title="My Projects"
        icon={<FolderOpen aria-hidden="true" className="h-5 w-5 text-brand-600" />}
        query={projects}
        unit="Active Projects"
        action={
          <Button className="w-full" onClick={() => navigate('post-project')}>
            Create Project
          </Button>
        }
      />
      <CountCard
        title="Applications"
        icon={<Send aria-hidden="true" className="h-5 w-5 text-brand-600" />}
        query={applications}
        unit="Pending Applications"
        action={
          <Button variant="secondary" className="w-full" onClick={() => navigate('explore')}>
            Explore Projects
          </Button>
        }
      />
    </>
  );
}
