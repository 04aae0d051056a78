import { SearchX } from 'lucide-react';
import type { PageName } from '../../app/pages';
import { PageLink } from '../../lib/page-link';
import { Card } from '../ui/card';

/**
 * What a link to something that is not there shows: an unknown or missing id, or a row the
 * server's policies hide (someone else's closed project), which the reader cannot tell apart.
 */
export function NotFound({
  heading,
  text,
  back,
}: {
  heading: string;
  text: string;
  back: { page: PageName; label: string };
}) {
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <Card className="flex flex-col items-center gap-3 py-12 text-center">
        <SearchX aria-hidden="true" className="h-12 w-12 text-gray-400" />
        <h1 className="text-2xl font-bold text-gray-900">{heading}</h1>
        <p className="text-gray-700">{text}</p>
        <PageLink
          page={back.page}
          className="mt-3 inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700"
        >
          {back.label}
        </PageLink>
      </Card>
    </div>
  );
}
