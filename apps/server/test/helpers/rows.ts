import { APPLICATION_MESSAGE } from '@campuscollab/shared';

/**
 * Rows written straight into the database, for tests that need a known world before they
 * exercise the API. Every builder fills the NOT NULL columns and takes overrides.
 */
const now = () => new Date().toISOString();

export function profileRow(name: string, userId: string, overrides: Record<string, unknown> = {}) {
  const stamp = now();
  return {
    id: `u_${name}`,
    user_id: userId,
    name,
    email: `${name}@mit.edu`,
    university: 'MIT',
    role: 'Student',
    referral_code: `${name}123`,
    created_at: stamp,
    updated_at: stamp,
    ...overrides,
  };
}

export function projectRow(id: string, ownerId: string, overrides: Record<string, unknown> = {}) {
  const stamp = now();
  return {
    id,
    title: id,
    description: 'A project',
    posted_by_id: ownerId,
    created_at: stamp,
    updated_at: stamp,
    ...overrides,
  };
}

export function applicationRow(id: string, projectId: string, applicantId: string) {
  const stamp = now();
  return {
    id,
    project_id: projectId,
    applicant_id: applicantId,
    message: APPLICATION_MESSAGE,
    created_at: stamp,
    updated_at: stamp,
  };
}

export function messageRow(
  id: string,
  senderId: string,
  recipientId: string,
  overrides: Record<string, unknown> = {},
) {
  return {
    id,
    sender_id: senderId,
    recipient_id: recipientId,
    subject: 'Hello',
    message: 'Can I help?',
    created_at: now(),
    ...overrides,
  };
}
