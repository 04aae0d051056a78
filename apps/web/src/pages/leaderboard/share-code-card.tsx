import { Share2 } from 'lucide-react';
import { Card } from '../../components/ui/card';
import { CopyCodeButton } from '../../features/leaderboard/components/copy-code-button';

/** Invites the user to share their code to climb the board. */
export function ShareCodeCard({ code }: { code: string }) {
  return (
    <Card className="bg-brand-50 text-center">
      <Share2 aria-hidden="true" className="mx-auto h-8 w-8 text-brand-600" />
      <h2 className="mt-2 text-lg font-semibold text-gray-900">Share your code</h2>
      <p className="mt-1 text-gray-700">
        Friends who join with your code move you up the leaderboard.
      </p>
      <div className="mt-4 flex flex-wrap items-center justify-center gap-3">
        <code className="rounded-lg bg-white px-4 py-2 text-lg font-semibold text-brand-800">
          {code}
        </code>
        <CopyCodeButton code={code} />
      </div>
    </Card>
  );
}
