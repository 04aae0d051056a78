import { REFERRAL_REWARD_DOLLARS } from '@campuscollab/shared';
import { Gift } from 'lucide-react';

/** The invite-friends banner; the reward rule itself is not shown (docs/product.md §1.2). */
export function InviteBanner({ university }: { university: string }) {
  return (
    <section className="flex flex-col gap-4 rounded-xl bg-gradient-to-r from-brand-600 to-brand-800 p-6 text-white sm:flex-row sm:items-center">
      <Gift aria-hidden="true" className="h-10 w-10 shrink-0" />
      <div className="min-w-0">
        <h2 className="text-xl font-bold">Invite friends from {university}</h2>
        <p className="mt-1 text-brand-100">
          Share your referral code: every referral gets you closer to ${REFERRAL_REWARD_DOLLARS}!
        </p>
      </div>
    </section>
  );
}
