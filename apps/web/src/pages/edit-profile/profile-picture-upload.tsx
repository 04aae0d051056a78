import { Camera } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { ProgressBar } from '../../components/ui/progress';
import { useUploadProfilePicture } from '../../features/profiles/api/upload-profile-picture';

/**
 * Profile picture (docs/product.md §2.15): image files only. The uploaded file's public URL is
 * handed to `onUploaded`, which saves it as profilePicture.
 */
export function ProfilePictureUpload({
  userId,
  name,
  picture,
  onUploaded,
}: {
  userId: string;
  name: string;
  picture: string | null;
  onUploaded: (url: string) => Promise<void>;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadProfilePicture();
  const [progress, setProgress] = useState(0);
  const [saving, setSaving] = useState(false);
  const busy = upload.isPending || saving;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // `accept` only filters the picker; a dropped or forced file is checked here too.
    if (!file.type.startsWith('image/')) {
      console.error('Not an image file:', file.type);
      return;
    }
    setProgress(0);
    try {
      const url = await upload.mutateAsync({ userId, file, onProgress: setProgress });
      setSaving(true);
      await onUploaded(url);
    } catch (error) {
      // docs/product.md §8.4: upload failures are only logged.
      console.error('Error uploading image:', error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row">
      <Avatar name={name} src={picture} size="lg" />
      <div className="w-full space-y-2 sm:w-auto">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          aria-label="Profile picture"
          onChange={(event) => void choose(event)}
          disabled={busy}
        />
        <Button variant="secondary" disabled={busy} onClick={() => input.current?.click()}>
          <Camera aria-hidden="true" className="h-4 w-4" />
          {busy ? 'Uploading...' : 'Upload Photo'}
        </Button>
        {upload.isPending && <ProgressBar value={progress} label="Upload progress" />}
        <p className="text-xs text-gray-600">JPG, PNG, GIF or WebP image.</p>
      </div>
    </div>
  );
}
