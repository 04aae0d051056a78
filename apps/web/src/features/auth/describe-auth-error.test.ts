import { SdkError } from '@campuscollab/sdk';
import { describe, expect, it } from 'vitest';
import {
  describeAuthError,
  EMAIL_NOT_CONFIRMED_MESSAGE,
  EMAIL_NOT_VERIFIED_MESSAGE,
  GENERIC_AUTH_ERROR_MESSAGE,
  INVALID_EMAIL_OR_PASSWORD_MESSAGE,
} from './describe-auth-error';

const sdkError = (message: string, code?: string) =>
  new SdkError({ kind: 'AUTH_ERROR', status: 400, message, code });

// docs/product.md §8.1: input, shown text, resend?, verification box?
const CASES: [string, unknown, string, boolean, boolean][] = [
  [
    'unverified account (our server: code plus "Email not confirmed")',
    sdkError('Email not confirmed', 'EMAIL_NOT_VERIFIED'),
    EMAIL_NOT_VERIFIED_MESSAGE,
    true,
    true,
  ],
  ['the code alone', { code: 'EMAIL_NOT_VERIFIED' }, EMAIL_NOT_VERIFIED_MESSAGE, true, true],
  [
    'wrong email or password',
    sdkError('Invalid login credentials', 'INVALID_CREDENTIALS'),
    INVALID_EMAIL_OR_PASSWORD_MESSAGE,
    false,
    false,
  ],
  [
    '"Email not confirmed" without the code',
    new Error('Email not confirmed'),
    EMAIL_NOT_CONFIRMED_MESSAGE,
    false,
    true,
  ],
  ['any other message', sdkError('Too many requests'), 'Too many requests', false, false],
  ['a network failure', sdkError('Network request failed'), 'Network request failed', false, false],
  ['an error without a message', new Error(''), GENERIC_AUTH_ERROR_MESSAGE, false, false],
  ['not an error at all', 'boom', GENERIC_AUTH_ERROR_MESSAGE, false, false],
  ['nothing', null, GENERIC_AUTH_ERROR_MESSAGE, false, false],
];

describe('describeAuthError', () => {
  it.each(CASES)('%s', (_name, error, message, resendVerification, showVerificationSent) => {
    expect(describeAuthError(error)).toEqual({ message, resendVerification, showVerificationSent });
  });
});
