import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-error';
import { parseStoragePath, requireOwnFolder, withExtension } from './paths';

const statusOf = (run: () => unknown) => {
  try {
    run();
    return 200;
  } catch (error) {
    return error instanceof HttpError ? error.statusCode : 500;
  }
};

describe('storage paths', () => {
  it.each([
    ['profile-pictures/u1/avatar.png', 'profile-pictures/u1/avatar.png'],
    ['profile-pictures/u1/My Photo (1).jpg', 'profile-pictures/u1/My Photo (1).jpg'],
    ['profile-pictures/u1/Cafe\u0301.png', 'profile-pictures/u1/Caf\u00e9.png'],
    ['profile-pictures/u1/a/b/c.pdf', 'profile-pictures/u1/a/b/c.pdf'],
  ])('accepts %j as %j', (raw, parsed) => {
    expect(parseStoragePath(raw)).toBe(parsed);
  });

  it.each([
    undefined,
    42,
    '',
    '/etc/passwd',
    'a/../b',
    'a/./b',
    'a//b',
    'a/b/',
    'a\\b',
    'a/%2e%2e/b',
    'a/b\u0000',
    'a/b\u0085',
    'a/b\u202e',
    'a/b:c',
    'a/ b',
    'a/.hidden',
    `a/${'x'.repeat(201)}`,
    `a/${'é'.repeat(101)}`,
    'a/'.repeat(600),
  ])('refuses %j with 400', (raw) => {
    expect(statusOf(() => parseStoragePath(raw))).toBe(400);
  });

  it.each([
    ['profile-pictures/u1/a.png', 200],
    ['profile-pictures/u1/deep/a.png', 200],
    ['profile-pictures/u1', 403],
    ['profile-pictures/u12/a.png', 403],
    ['profile-pictures/u2/a.png', 403],
    ['other/u1/a.png', 403],
  ])('lets u1 write %j: %i', (path, status) => {
    expect(statusOf(() => requireOwnFolder(path, 'u1'))).toBe(status);
  });

  it.each([
    ['d/x.jpg', 'png', [], 'd/x.png'],
    ['d/x', 'png', [], 'd/x.png'],
    ['d/x.JPG', 'jpg', ['jpeg'], 'd/x.jpg'],
    ['d/x.jpeg', 'jpg', ['jpeg'], 'd/x.jpeg'],
    ['d/archive.tar.gz', 'pdf', [], 'd/archive.tar.pdf'],
    ['d.v2/name', 'webp', [], 'd.v2/name.webp'],
  ] as const)('corrects %j to .%s as %j', (path, extension, aliases, expected) => {
    expect(withExtension(path, extension, aliases)).toBe(expected);
  });
});
