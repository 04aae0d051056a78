import { describe, expect, it } from 'vitest';
import {
  convertKeysToCamelCase,
  convertKeysToSnakeCase,
  convertToCamelCase,
  convertToSnakeCase,
} from './convert-case';

describe('case conversion (docs/product.md §3.1)', () => {
  it.each([
    ['userId', 'user_id'],
    ['profilePicture', 'profile_picture'],
    ['collaborationNotifications', 'collaboration_notifications'],
    ['id', 'id'],
    ['user_id', 'user_id'],
    ['profileURL', 'profile_url'],
    ['skills2', 'skills2'],
    ['projectMembers', 'project_members'],
  ])('%s -> %s', (camel, snake) => {
    expect(convertToSnakeCase(camel)).toBe(snake);
  });

  it.each([
    ['user_id', 'userId'],
    ['referral_count', 'referralCount'],
    ['skills_needed', 'skillsNeeded'],
    ['id', 'id'],
    ['userId', 'userId'],
  ])('%s -> %s', (snake, camel) => {
    expect(convertToCamelCase(snake)).toBe(camel);
  });

  it('round-trips the fields of every table', () => {
    const fields = [
      'userId',
      'referralCode',
      'referredBy',
      'linkedinUrl',
      'postedById',
      'readStatus',
      'createdAt',
    ];
    for (const field of fields) expect(convertToCamelCase(convertToSnakeCase(field))).toBe(field);
  });

  it('converts top-level keys only and leaves nested values alone', () => {
    const record = {
      skillsNeeded: ['Machine Learning', 'UI/UX'],
      contactInfo: { phoneNumber: '1', nested_key: 2 },
      readStatus: 0,
    };
    const sent = convertKeysToSnakeCase(record);
    expect(sent).toEqual({
      skills_needed: ['Machine Learning', 'UI/UX'],
      contact_info: { phoneNumber: '1', nested_key: 2 },
      read_status: 0,
    });
    expect(sent.contact_info).toBe(record.contactInfo);
    expect(
      convertKeysToCamelCase({ skills_needed: '["a_b"]', payload: { sender_id: 'x' } }),
    ).toEqual({
      skillsNeeded: '["a_b"]',
      payload: { sender_id: 'x' },
    });
  });
});
