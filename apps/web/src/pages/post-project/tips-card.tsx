import { Lightbulb } from 'lucide-react';
import { Card } from '../../components/ui/card';

const TIPS = [
  'Give your project a clear, specific title.',
  'Describe the goal, what is done already and what help you need.',
  'List the skills you are looking for so the right people find you.',
  'Set a realistic timeline so collaborators know what to expect.',
];

export function TipsCard() {
  return (
    <Card className="bg-brand-50">
      <h2 className="flex items-center gap-2 font-semibold text-gray-900">
        <Lightbulb aria-hidden="true" className="h-5 w-5 text-amber-500" />
        Tips for a great project post
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-5 text-sm text-gray-700">
        {TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </Card>
  );
}
