import { Compass, PlusCircle, Users } from 'lucide-react';
import { useNavigation } from '../../lib/navigation';
import type { PageName } from '../../app/pages';

const ACTIONS: { page: PageName; title: string; text: string; icon: typeof Compass }[] = [
  {
    page: 'explore',
    title: 'Explore Projects',
    text: 'Browse open projects from students at your campus and apply to join.',
    icon: Compass,
  },
  {
    page: 'post-project',
    title: 'Post a Project',
    text: 'Share your idea and find teammates with the skills you need.',
    icon: PlusCircle,
  },
  {
    page: 'find-collaborators',
    title: 'Find Collaborators',
    text: 'Search students by skills and interests. Contact them via the socials on their profiles.',
    icon: Users,
  },
];

/** The three action cards of the dashboard (docs/product.md §2.8). */
export function ActionCards() {
  const { navigate } = useNavigation();
  return (
    <section aria-labelledby="actions-heading">
      <h2 id="actions-heading" className="sr-only">
        Quick actions
      </h2>
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {ACTIONS.map(({ page, title, text, icon: Icon }) => (
          <li key={page}>
            <button
              type="button"
              onClick={() => navigate(page)}
              className="h-full w-full rounded-xl border border-gray-200 bg-white p-6 text-left shadow-sm transition-shadow hover:shadow-md"
            >
              <Icon aria-hidden="true" className="h-8 w-8 text-brand-600" />
              <span className="mt-3 block text-lg font-semibold text-gray-900">{title}</span>
              <span className="mt-1 block text-sm text-gray-700">{text}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
