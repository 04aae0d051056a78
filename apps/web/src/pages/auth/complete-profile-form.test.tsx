import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { NewProfile } from '../../features/profiles/api/create-profile';
import { CompleteProfileForm } from './complete-profile-form';
import { deferred, renderAt } from './test-providers';

const api = vi.hoisted(() => ({
  createProfile: vi.fn<(profile: NewProfile) => Promise<unknown>>(),
  // GET /api/auth/school-domain through the SDK: what the server knows of the school.
  checkSchoolEmail: vi.fn<(email: string) => Promise<unknown>>(),
}));

vi.mock('../../lib/client', () => ({
  client: { auth: { checkSchoolEmail: api.checkSchoolEmail } },
}));

vi.mock('../../features/profiles/api/create-profile', async () => {
  const { useMutation } = await import('@tanstack/react-query');
  return { useCreateProfile: () => useMutation({ mutationFn: api.createProfile }) };
});

beforeEach(() => {
  vi.resetAllMocks();
  api.checkSchoolEmail.mockResolvedValue({ data: { institutional: true, names: [] }, error: null });
});

async function chooseRole(role: string) {
  const user = userEvent.setup();
  screen.getByRole('combobox', { name: 'Role*' }).focus();
  await user.keyboard('{Enter}');
  await user.click(await screen.findByRole('option', { name: role }));
}

describe('CompleteProfileForm', () => {
  it('suggests the university from the school email, editable', () => {
    renderAt('/?page=auth', <CompleteProfileForm email="ada@mit.edu" />);
    expect(screen.getByLabelText('University*', { exact: false })).toHaveValue('MIT');
    expect(screen.getByRole('combobox', { name: 'Role*' })).toHaveTextContent('Choose your role');
  });

  it("suggests the server's name for a school only the dataset knows, until the student types", async () => {
    api.checkSchoolEmail.mockResolvedValue({
      data: { institutional: true, names: ['Technical University of Munich', 'TUM'] },
      error: null,
    });
    const user = userEvent.setup();
    renderAt('/?page=auth', <CompleteProfileForm email="ada@tum.de" />);
    const field = screen.getByLabelText('University*', { exact: false });
    await waitFor(() => expect(field).toHaveValue('Technical University of Munich'));
    expect(api.checkSchoolEmail).toHaveBeenCalledWith('ada@tum.de');
    expect(field).toHaveAccessibleDescription(
      'Suggested from your school email; change it if it is wrong.',
    );
    await user.clear(field);
    await user.type(field, 'TU München');
    expect(field).toHaveValue('TU München');
  });

  it('falls back to the guess from the domain when the server cannot be asked', async () => {
    api.checkSchoolEmail.mockResolvedValue({
      data: null,
      error: new Error('Network error'),
    });
    renderAt('/?page=auth', <CompleteProfileForm email="ada@cs.stanford.edu" />);
    await waitFor(() => expect(api.checkSchoolEmail).toHaveBeenCalled());
    expect(screen.getByLabelText('University*', { exact: false })).toHaveValue('Stanford');
  });

  it('requires name, university and role, and leaves city and referral code optional', async () => {
    const user = userEvent.setup();
    renderAt('/?page=auth', <CompleteProfileForm email="ada@example.edu" />);
    await user.clear(screen.getByLabelText('University*', { exact: false }));
    await user.type(screen.getByLabelText('Full Name*'), '   ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('University is required')).toBeInTheDocument();
    const roleSelect = screen.getByRole('combobox', { name: 'Role*' });
    expect(roleSelect).toHaveAttribute('aria-invalid', 'true');
    expect(roleSelect).toHaveAccessibleDescription('Role is required');
    expect(screen.getByLabelText('Full Name*')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('City (optional)')).not.toHaveAttribute('aria-invalid');
    expect(api.createProfile).not.toHaveBeenCalled();
  });

  it('saves trimmed values with the busy label, dropping an empty referral code', async () => {
    const user = userEvent.setup();
    const pending = deferred<unknown>();
    api.createProfile.mockReturnValue(pending.promise);
    renderAt('/?page=auth', <CompleteProfileForm email="ada@mit.edu" />);
    await user.type(screen.getByLabelText('Full Name*'), '  Ada Lovelace ');
    await chooseRole('Developer');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(api.createProfile.mock.calls[0]![0]).toEqual({
      name: 'Ada Lovelace',
      university: 'MIT',
      city: null,
      role: 'Developer',
      referredBy: undefined,
    });
    pending.resolve({});
  });

  it('sends a referral code lowercased and refuses one with symbols', async () => {
    const user = userEvent.setup();
    api.createProfile.mockResolvedValue({});
    renderAt('/?page=auth', <CompleteProfileForm email="ada@mit.edu" />);
    await user.type(screen.getByLabelText('Full Name*'), 'Ada');
    await user.type(screen.getByLabelText('City (optional)'), 'Boston');
    await chooseRole('Student');
    await user.type(screen.getByLabelText('Referral Code (optional)'), 'bad code!');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Referral codes are letters and digits')).toBeInTheDocument();
    expect(api.createProfile).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText('Referral Code (optional)'));
    await user.type(screen.getByLabelText('Referral Code (optional)'), ' Grace123 ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(api.createProfile.mock.calls[0]![0]).toMatchObject({
      city: 'Boston',
      role: 'Student',
      referredBy: 'grace123',
    });
  });
});
