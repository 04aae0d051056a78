import { useMutation } from '@tanstack/react-query';
import { client } from '../../../lib/client';

/** 'photo.PNG' -> 'png'; the server corrects it anyway from the file's content. */
function extensionOf(file: File): string {
  const fromName = /\.([a-z0-9]+)$/i.exec(file.name)?.[1];
  const fromType = file.type.startsWith('image/') ? file.type.slice('image/'.length) : undefined;
  return (fromName ?? fromType ?? 'png').toLowerCase();
}

/**
 * docs/product.md §7.3: upload to profile-pictures/{userId}/ with overwrite allowed; one fixed name
 * per student so a new picture replaces the old file instead of piling up.
 */
export async function uploadProfilePicture(
  userId: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<string> {
  const { data, error } = await client.storage.upload(
    `profile-pictures/${userId}/avatar.${extensionOf(file)}`,
    file,
    { upsert: true, onProgress: ({ percent }) => onProgress(percent) },
  );
  if (error) throw error;
  return data.url;
}

export function useUploadProfilePicture() {
  return useMutation({
    mutationFn: ({
      userId,
      file,
      onProgress,
    }: {
      userId: string;
      file: File;
      onProgress: (percent: number) => void;
    }) => uploadProfilePicture(userId, file, onProgress),
  });
}
