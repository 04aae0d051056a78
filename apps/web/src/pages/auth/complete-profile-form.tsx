import { completeProfileForm, PROFILE_ROLES } from '@campuscollab/shared';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextField } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { useSchoolEmailCheck } from '../../features/auth/api/check-school-email';
import { useCreateProfile } from '../../features/profiles/api/create-profile';
import { suggestUniversity } from './suggest-university';

type FieldName = 'name' | 'university' | 'city' | 'role' | 'referred_by';
type FieldErrors = Partial<Record<FieldName, string>>;

const ROLE_OPTIONS = PROFILE_ROLES.map((role) => ({ value: role, label: role }));

/**
 * 'Complete Your Profile' (docs/product.md §2.4). The page leaves for complete-profile once the new
 * profile is in the cache (see profile-step.tsx).
 */
export function CompleteProfileForm({ email }: { email: string }) {
  const [name, setName] = useState('');
  // docs/product.md §10.4: the dataset's name for the school (the auth page asked already, so it
  // is usually at hand), else a guess from the domain, until the student types their own.
  const school = useSchoolEmailCheck(email);
  const listedName = school.data?.names[0];
  const [typedUniversity, setTypedUniversity] = useState<string | null>(null);
  const university = typedUniversity ?? listedName ?? suggestUniversity(email);
  const [city, setCity] = useState('');
  const [role, setRole] = useState('');
  const [referral, setReferral] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const createProfile = useCreateProfile();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = completeProfileForm.safeParse({
      name,
      university,
      city,
      role,
      // Empty means no code; the student's own code does not exist yet (the server makes it
      // with the profile), so the server is the one that drops a self-referral.
      referred_by: referral.trim() || undefined,
    });
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        found[field] ??= field === 'role' && !role ? 'Role is required' : issue.message;
      }
      return setErrors(found);
    }
    setErrors({});
    const { referred_by: referredBy, ...profile } = parsed.data;
    createProfile.mutate({ ...profile, referredBy });
  };

  const busy = createProfile.isPending;
  return (
    <Card>
      <h1 className="text-2xl font-bold text-gray-900">Complete Your Profile</h1>
      <p className="mt-1 text-sm text-gray-700">Tell other students who you are.</p>
      <form noValidate onSubmit={submit} className="mt-6 space-y-4">
        <TextField
          label="Full Name*"
          autoComplete="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
          required
        />
        <TextField
          label="University*"
          autoComplete="organization"
          hint={university && 'Suggested from your school email; change it if it is wrong.'}
          value={university}
          onChange={(event) => setTypedUniversity(event.target.value)}
          error={errors.university}
          required
        />
        <TextField
          label="City (optional)"
          autoComplete="address-level2"
          value={city}
          onChange={(event) => setCity(event.target.value)}
          error={errors.city}
        />
        <Select
          label="Role*"
          placeholder="Choose your role"
          value={role}
          onValueChange={setRole}
          options={ROLE_OPTIONS}
          error={errors.role}
        />
        <TextField
          label="Referral Code (optional)"
          hint="Were you invited by a friend? Enter their code."
          value={referral}
          onChange={(event) => setReferral(event.target.value)}
          error={errors.referred_by}
        />
        {createProfile.isError && (
          <Alert tone="error">
            {createProfile.error.message || 'Could not save your profile. Please try again.'}
          </Alert>
        )}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? 'Saving...' : 'Continue'}
        </Button>
      </form>
    </Card>
  );
}
