import type { UserRecord } from '@campuscollab/sdk';
import { POPULAR_INTERESTS, POPULAR_SKILLS, SAVE_BANNER_MS } from '@campuscollab/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TextAreaField, TextField } from '../../components/ui/field';
import { TagEditor } from '../../components/ui/tag-editor';
import { useUpdateProfile } from '../../features/profiles/api/update-profile';
import {
  toFormValues,
  validateProfileForm,
  type ProfileFormErrors,
  type ProfileFormValues,
} from './profile-form-schema';
import { ProfilePictureUpload } from './profile-picture-upload';

/** The edit-profile form; saving shows 'Profile updated successfully!' for 3 s. */
export function EditProfileForm({ profile }: { profile: UserRecord }) {
  const update = useUpdateProfile();
  const [values, setValues] = useState<ProfileFormValues>(() => toFormValues(profile));
  const [errors, setErrors] = useState<ProfileFormErrors>({});
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SAVE_BANNER_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const set =
    <K extends keyof ProfileFormValues>(field: K) =>
    (value: ProfileFormValues[K]) =>
      setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateProfileForm(values);
    if (result.errors) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    update.mutate(
      { profileId: profile.id, changes: result.changes },
      {
        onSuccess: () => setSaved(true),
        // docs/product.md §8.4: saving failures are only logged.
        onError: (error) => console.error('Error saving profile:', error),
      },
    );
  };

  // A new picture is saved at once, so it shows everywhere without pressing Save.
  const savePicture = async (url: string) => {
    await update.mutateAsync({ profileId: profile.id, changes: { profilePicture: url } });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      {saved && <Alert tone="success">Profile updated successfully!</Alert>}
      <Card className="space-y-4">
        <h2 className="text-lg font-semibold text-gray-900">Profile Picture</h2>
        <ProfilePictureUpload
          userId={profile.userId}
          name={values.name}
          picture={profile.profilePicture}
          onUploaded={savePicture}
        />
      </Card>
      <Card className="space-y-4">
        <h2 className="text-lg font-semibold text-gray-900">Basic Information</h2>
        <TextField
          label="Full Name"
          value={values.name}
          onChange={(event) => set('name')(event.target.value)}
          error={errors.name}
          autoComplete="name"
        />
        <TextAreaField
          label="Bio"
          rows={4}
          value={values.bio}
          onChange={(event) => set('bio')(event.target.value)}
          error={errors.bio}
          placeholder="Tell other students about yourself..."
        />
        <TextField
          label="Portfolio Link"
          type="url"
          value={values.portfolioLink}
          onChange={(event) => set('portfolioLink')(event.target.value)}
          error={errors.portfolioLink}
          placeholder="https://yourportfolio.com"
        />
      </Card>
      <Card className="space-y-4">
        <div>
          <h2 className="text-lg font-semibold text-gray-900">Contact Information</h2>
          <p className="text-sm text-gray-600">Optional: how other students can reach you.</p>
        </div>
        <TextField
          label="Instagram Handle"
          value={values.instagramHandle}
          onChange={(event) => set('instagramHandle')(event.target.value)}
          error={errors.instagramHandle}
          placeholder="@yourhandle"
        />
        <TextField
          label="LinkedIn URL"
          type="url"
          value={values.linkedinUrl}
          onChange={(event) => set('linkedinUrl')(event.target.value)}
          error={errors.linkedinUrl}
          placeholder="https://linkedin.com/in/yourname"
        />
        <TextField
          label="Preferred Contact Email"
          type="email"
          value={values.contactEmail}
          onChange={(event) => set('contactEmail')(event.target.value)}
          error={errors.contactEmail}
          placeholder="you@example.com"
          autoComplete="email"
        />
      </Card>
      <Card className="space-y-6">
        <TagEditor
          label="Skills"
          tags={values.skills}
          onChange={set('skills')}
          suggestions={POPULAR_SKILLS}
          suggestionsLabel="Popular skills"
          placeholder="Add a custom skill"
        />
        {errors.skills && <p className="text-sm text-red-700">{errors.skills}</p>}
        <TagEditor
          label="Interests"
          tags={values.interests}
          onChange={set('interests')}
          suggestions={POPULAR_INTERESTS}
          suggestionsLabel="Popular interests"
          placeholder="Add a custom interest"
        />
        {errors.interests && <p className="text-sm text-red-700">{errors.interests}</p>}
      </Card>
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={update.isPending} className="w-full sm:w-auto">
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
