import { Lightbulb, TrendingUp, Users } from 'lucide-react';
import { useNavigation } from '../../lib/navigation';
import { Button } from '../../components/ui/button';
import { Footer } from './footer';
import { useDocumentTitle } from '../../lib/document-title';

const SELLING_POINTS = [
  {
    icon: Users,
    title: 'Find Your Team',
    text: 'Filter students by skills, interests and expertise to build the right team.',
  },
  {
    icon: Lightbulb,
    title: 'Share Your Ideas',
    text: 'Post creative and technical projects to attract collaborators.',
  },
  {
    icon: TrendingUp,
    title: 'Grow Your Skills',
    text: 'Learn from peers and build a portfolio of real work.',
  },
];

/** docs/product.md §2.3: hero, three selling points, a call to action and the footer. */
export function LandingPage() {
  useDocumentTitle('Build something together');
  const { navigate } = useNavigation();
  const start = () => navigate('auth');
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-gray-50 px-4 py-20 text-center sm:py-28">
        <h1 className="mx-auto max-w-3xl text-4xl font-extrabold tracking-tight text-gray-900 sm:text-6xl">
          Build Something Together
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-gray-700">
          The student-only space to team up on projects, meet creative minds and grow your skills.
        </p>
        <Button size="lg" className="mt-10" onClick={start}>
          Get Started
        </Button>
      </section>

      <section aria-labelledby="why-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="why-heading" className="text-center text-3xl font-bold text-gray-900">
          Why Choose CampusCollab?
        </h2>
        <ul className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-3">
          {SELLING_POINTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-xl border border-gray-200 bg-white p-6 shadow-sm">
              <Icon aria-hidden="true" className="h-10 w-10 text-brand-600" />
              <h3 className="mt-4 text-xl font-semibold text-gray-900">{title}</h3>
              <p className="mt-2 text-gray-700">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-brand-700 px-4 py-16 text-center text-white">
        <h2 className="text-3xl font-bold">Ready to Start Collaborating?</h2>
        <p className="mx-auto mt-4 max-w-xl text-brand-100">
          Join students from your university and nearby campuses.
        </p>
        <Button size="lg" variant="secondary" className="mt-8" onClick={start}>
          Join CampusCollab
        </Button>
      </section>
      <Footer />
    </>
  );
}
