import { CheckCircle2 } from 'lucide-react';
import { useNavigation } from '../../lib/navigation';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/document-title';

/** docs/product.md §2.7, Complete-profile: the step after 'Complete Your Profile'. */
export function CompleteProfilePage() {
  useDocumentTitle('Profile setup complete');
  const { navigate } = useNavigation();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <Card className="text-center">
        <CheckCircle2 aria-hidden="true" className="mx-auto h-14 w-14 text-green-600" />
        <h1 className="mt-4 text-2xl font-bold text-gray-900">Profile Setup Complete!</h1>
        <p className="mt-3 text-gray-700">
          Your profile is ready. Add your skills and interests so other students can find you and
          invite you to their projects.
        </p>
        <div className="mt-8 flex flex-col gap-3">
          <Button size="lg" onClick={() => navigate('dashboard')}>
            Continue to Dashboard
          </Button>
          <Button variant="ghost" onClick={() => navigate('edit-profile')}>
            Add Skills and Interests
          </Button>
        </div>
      </Card>
    </div>
  );
}
