import type { UserRecord } from '@campuscollab/sdk';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EditProfileForm } from './edit-profile-form';

const mutate = vi.fn();
vi.mock('../../features/profiles/api/update-profile', () => ({
  useUpdateProfile: () => ({ mutate, mutateAsync: vi.fn(), isPending: false }),
}));
vi.mock('../../features/profiles/api/upload-profile-picture', () => ({
  useUploadProfilePicture: () => ({ mutateAsync: vi.fn(), isPending: false }),
}));

const profile = {
  id: 'user_1',
  userId: 'acct-1',
  name: 'Ada Lovelace',
  university: 'MIT',
  skills: '["Python"]',
  interests: '[]',
  bio: null,
  profilePicture: null,
  instagramHandle: null,
  linkedinUrl: null,
  contactEmail: null,
  portfolioLink: null,
} as unknown as UserRecord;

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

describe('EditProfileForm', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mutate.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('refuses links that are not http(s) and does not save', () => {
    render(<EditProfileForm profile={profile} />);
    fireEvent.change(screen.getByLabelText('Portfolio Link'), {
      target: { value: 'javascript:alert(1)' },
    });
    fireEvent.change(screen.getByLabelText('LinkedIn URL'), {
      target: { value: 'ftp://example.com' },
    });
    save();
    expect(screen.getAllByText('Links must start with http:// or https://')).toHaveLength(2);
    expect(screen.getByLabelText('Portfolio Link')).toHaveAttribute('aria-invalid', 'true');
    expect(mutate).not.toHaveBeenCalled();
  });

  it("saves the payload and shows 'Profile updated successfully!' for 3 s", () => {
    mutate.mockImplementation((_input, options: { onSuccess: () => void }) => options.onSuccess());
    render(<EditProfileForm profile={profile} />);
    fireEvent.change(screen.getByLabelText('Instagram Handle'), { target: { value: '@ada' } });
    fireEvent.click(screen.getByRole('button', { name: 'React' }));
    save();
    expect(mutate).toHaveBeenCalledWith(
      {
        profileId: 'user_1',
        changes: expect.objectContaining({
          name: 'Ada Lovelace',
          instagramHandle: 'ada',
          portfolioLink: null,
          skills: ['Python', 'React'],
          interests: [],
        }),
      },
      expect.anything(),
    );
    expect(screen.getByText('Profile updated successfully!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('Profile updated successfully!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Profile updated successfully!')).not.toBeInTheDocument();
  });

  it('offers image files only for the picture', () => {
    render(<EditProfileForm profile={profile} />);
    expect(screen.getByLabelText('Profile picture')).toHaveAttribute('accept', 'image/*');
  });
});
