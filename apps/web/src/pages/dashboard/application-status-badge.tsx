import { Badge } from '../../components/ui/badge';

const TONES = { Pending: 'amber', Accepted: 'green', Declined: 'red' } as const;

export function ApplicationStatusBadge({ status }: { status: string }) {
  const tone = TONES[status as keyof typeof TONES] ?? 'neutral';
  return <Badge tone={tone}>{status}</Badge>;
}
