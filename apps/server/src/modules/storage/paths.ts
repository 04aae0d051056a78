import { invalidParameters, notYourFolder } from './errors';

/** Where each user keeps their files (docs/product.md §6.6): the only place they may write. */
export const PROFILE_PICTURES = 'profile-pictures';

const MAX_PATH_LENGTH = 1024;
// Leaves room for the corrected extension under the usual 255-byte file-name limit.
const MAX_SEGMENT_BYTES = 200;

/**
 * Characters refused anywhere in a path: C0/C1 controls and DEL (log and header injection),
 * backslash (a separator on Windows, so a traversal there), '%' (a later decode could turn
 * `%2e%2e` into `..`), the characters Windows refuses in names, and the bidirectional
 * overrides that make `gpj.exe` look like `exe.jpg`.
 */
function isForbiddenCharacter(codePoint: number): boolean {
  return (
    codePoint < 0x20 ||
    (codePoint >= 0x7f && codePoint <= 0x9f) ||
    '\\%<>:"|?*'.includes(String.fromCodePoint(codePoint)) ||
    (codePoint >= 0x202a && codePoint <= 0x202e) ||
    (codePoint >= 0x2066 && codePoint <= 0x2069)
  );
}

function isValidSegment(segment: string): boolean {
  // A leading dot covers '.', '..' and hidden files, which some servers treat specially.
  return (
    segment.length > 0 &&
    !segment.startsWith('.') &&
    segment.trim() === segment &&
    Buffer.byteLength(segment) <= MAX_SEGMENT_BYTES
  );
}

/**
 * A storage path as given by a client, checked and in Unicode NFC (so the name a Mac sends and
 * the one Windows sends for "é" are the same file). Throws 400 'Invalid request parameters'.
 * The path is taken literally: nothing is URL-decoded, so `%2e%2e` is refused, not resolved.
 */
export function parseStoragePath(raw: unknown): string {
  if (typeof raw !== 'string') throw invalidParameters();
  const path = raw.normalize('NFC');
  if (path.length === 0 || path.length > MAX_PATH_LENGTH) throw invalidParameters();
  for (const character of path) {
    if (isForbiddenCharacter(character.codePointAt(0)!)) throw invalidParameters();
  }
  // An absolute path, a trailing slash or '//' all show up as an empty segment.
  if (!path.split('/').every(isValidSegment)) throw invalidParameters();
  return path;
}

/** The folder a user owns, as a prefix: `profile-pictures/{userId}/`. */
export function userFolder(userId: string): string {
  return `${PROFILE_PICTURES}/${userId}/`;
}

/** 403 unless the (already parsed) path names a file inside the user's own folder. */
export function requireOwnFolder(path: string, userId: string): void {
  const folder = userFolder(userId);
  if (!path.startsWith(folder) || path.length === folder.length) throw notYourFolder();
}

export function isProfilePicturePath(path: string): boolean {
  return path.startsWith(`${PROFILE_PICTURES}/`);
}

/**
 * The path with its file extension set to the detected type's (docs/product.md §5.10: "the
 * extension is corrected"). A name already ending in one of the type's extensions keeps it,
 * lowercased.
 */
export function withExtension(path: string, extension: string, aliases: readonly string[] = []) {
  const slash = path.lastIndexOf('/');
  const name = path.slice(slash + 1);
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const current = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  const kept = current === extension || aliases.includes(current) ? current : extension;
  return `${path.slice(0, slash + 1)}${stem}.${kept}`;
}
