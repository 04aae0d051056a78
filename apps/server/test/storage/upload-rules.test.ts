import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { PDF, type Fixture } from './fixtures';
import { listFiles, storageDirs, upload, type UploadInput } from './storage-client';

const pdf: Fixture = { bytes: PDF, name: 'cv.pdf', type: 'application/pdf' };

describe('who may upload where', () => {
  let server: TestApp;
  let token: string;
  let own: string;
  let other: string;

  beforeAll(async () => {
    server = await startTestApp('sqlite');
    const ada = await createVerifiedAccount(server.baseUrl, 'ada@mit.edu');
    const bob = await createVerifiedAccount(server.baseUrl, 'bob@mit.edu');
    token = ada.access_token;
    own = ada.user.id;
    other = bob.user.id;
  });
  afterAll(async () => {
    await server.close();
  });

  type Scenario = {
    label: string;
    input: () => UploadInput;
    status: number;
    code: string;
    message?: string | RegExp;
  };

  const scenarios: Scenario[] = [
    {
      label: 'no token',
      input: () => ({ path: `profile-pictures/${own}/cv.pdf`, file: pdf }),
      status: 401,
      code: 'UNAUTHORIZED',
    },
    {
      label: 'a forged token',
      input: () => ({ token: 'x.y.z', path: `profile-pictures/${own}/cv.pdf`, file: pdf }),
      status: 401,
      code: 'INVALID_TOKEN',
    },
    {
      label: 'an unknown project',
      input: () => ({
        token,
        project: 'elsewhere',
        path: `profile-pictures/${own}/cv.pdf`,
        file: pdf,
      }),
      status: 404,
      code: 'NOT_FOUND',
    },
    {
      label: "another user's folder",
      input: () => ({ token, path: `profile-pictures/${other}/cv.pdf`, file: pdf }),
      status: 403,
      code: 'FORBIDDEN',
    },
    {
      label: 'outside profile-pictures',
      input: () => ({ token, path: `documents/${own}/cv.pdf`, file: pdf }),
      status: 403,
      code: 'FORBIDDEN',
    },
    {
      label: 'the folder itself as a file',
      input: () => ({ token, path: `profile-pictures/${own}`, file: pdf }),
      status: 403,
      code: 'FORBIDDEN',
    },
    {
      label: 'a folder whose name starts with the id',
      input: () => ({ token, path: `profile-pictures/${own}x/cv.pdf`, file: pdf }),
      status: 403,
      code: 'FORBIDDEN',
    },
    {
      label: 'no path field',
      input: () => ({ token, file: pdf }),
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid request parameters',
    },
    {
      label: 'no file',
      input: () => ({ token, path: `profile-pictures/${own}/cv.pdf` }),
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid request parameters',
    },
    {
      label: 'options that are not JSON',
      input: () => ({
        token,
        path: `profile-pictures/${own}/cv.pdf`,
        file: pdf,
        options: '{upsert',
      }),
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid request parameters',
    },
    {
      label: 'upsert that is not a boolean',
      input: () => ({
        token,
        path: `profile-pictures/${own}/cv.pdf`,
        file: pdf,
        options: '{"upsert":"yes"}',
      }),
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Invalid request parameters',
    },
  ];

  it.each(scenarios)('answers $status to $label', async ({ input, status, code, message }) => {
    const before = listFiles(storageDirs(server).storageDir);
    const answer = await upload(server.baseUrl, input());
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body.code).toBe(code);
    if (message) expect(answer.body.message).toMatch(message);
    expect(listFiles(storageDirs(server).storageDir)).toEqual(before);
    expect(listFiles(storageDirs(server).stagingDir)).toEqual([]);
  });

  const invalidPaths: [string, () => string][] = [
    ['a .. segment into another folder', () => `profile-pictures/${own}/../${other}/x.png`],
    ['a .. segment that stays home', () => `profile-pictures/${own}/../${own}/x.png`],
    ['an absolute path', () => '/etc/passwd'],
    ['an absolute path into the folder', () => `/profile-pictures/${own}/x.png`],
    ['percent-encoded dots', () => `profile-pictures/${own}/%2e%2e/x`],
    ['backslash separators', () => `profile-pictures\\${own}\\x.png`],
    ['a backslash traversal', () => `profile-pictures/${own}/..\\..\\x.png`],
    ['a NUL byte', () => `profile-pictures/${own}/x.png\0.pdf`],
    ['a newline', () => `profile-pictures/${own}/x\n.png`],
    ['a DEL character', () => `profile-pictures/${own}/x\x7f.png`],
    ['a right-to-left override', () => `profile-pictures/${own}/x\u202egnp.exe`],
    ['an empty path', () => ''],
    ['an empty segment', () => `profile-pictures/${own}//x.png`],
    ['a . segment', () => `profile-pictures/${own}/./x.png`],
    ['a trailing slash', () => `profile-pictures/${own}/`],
    ['a hidden file', () => `profile-pictures/${own}/.htaccess`],
    ['an over-long name', () => `profile-pictures/${own}/${'a'.repeat(250)}.png`],
    ['an over-long path', () => `profile-pictures/${own}/${'abcdefgh/'.repeat(120)}x.png`],
  ];

  it.each(invalidPaths)(
    "refuses %s with 400 'Invalid request parameters'",
    async (_label, path) => {
      const before = listFiles(storageDirs(server).storageDir);
      const answer = await upload(server.baseUrl, { token, path: path(), file: pdf });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Invalid request parameters',
      });
      expect(listFiles(storageDirs(server).storageDir)).toEqual(before);
      expect(listFiles(storageDirs(server).stagingDir)).toEqual([]);
    },
  );
});
