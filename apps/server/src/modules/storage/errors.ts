import { ErrorCode } from '@campuscollab/shared';
import { HttpError } from '../../lib/http-error';

/** The storage messages of docs/product.md §8.7; the SDK shows them as they are. */
export const StorageMessage = {
  invalidParameters: 'Invalid request parameters',
  fileNotFound: 'File not found',
  fileExists: 'File already exists. Set upsert: true to overwrite.',
  unsupportedType: 'Unsupported file type',
  unsupportedAudio: 'Unsupported audio input type',
  uploadFailed: 'File upload failed',
} as const;

/** Failures of the store itself; everything the client did wrong has a more precise code. */
export const STORAGE_ERROR = 'STORAGE_ERROR';

const MEBIBYTE = 1024 * 1024;

export const invalidParameters = () =>
  new HttpError(400, ErrorCode.validation, StorageMessage.invalidParameters);

export const fileNotFound = () =>
  new HttpError(404, ErrorCode.notFound, StorageMessage.fileNotFound);

export const notYourFolder = () =>
  new HttpError(
    403,
    ErrorCode.forbidden,
    'You may only write to and remove files under profile-pictures/{your user id}/',
  );

export const fileExists = () => new HttpError(409, ErrorCode.conflict, StorageMessage.fileExists);

export const folderInTheWay = () =>
  new HttpError(409, ErrorCode.conflict, 'A folder already exists at this path');

export const unsupportedType = (declaredAudio: boolean) =>
  new HttpError(
    400,
    ErrorCode.unsupportedMediaType,
    declaredAudio ? StorageMessage.unsupportedAudio : StorageMessage.unsupportedType,
  );

/**
 * Sizes are in MiB (the 50 MB limit is 50 x 1024 x 1024 bytes) rounded up to one decimal, so
 * a file one byte over the limit reads "50.1 MB", never "50 MB"; whole numbers drop the ".0".
 */
export function formatMegabytes(bytes: number, rounding: 'up' | 'down' = 'up'): string {
  const tenths = (rounding === 'up' ? Math.ceil : Math.floor)((bytes / MEBIBYTE) * 10);
  return tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1);
}

export const fileTooLarge = (bytes: number, limitBytes: number) =>
  new HttpError(
    413,
    ErrorCode.payloadTooLarge,
    `File size (${formatMegabytes(bytes)} MB) exceeds maximum allowed size (${formatMegabytes(limitBytes)}MB)`,
  );

/** Free room is rounded down, so the message never promises more than there is. */
export const storageQuotaExceeded = (bytes: number, freeBytes: number, quotaBytes: number) =>
  new HttpError(
    413,
    ErrorCode.storageQuotaExceeded,
    `Storage limit reached: this file needs ${formatMegabytes(bytes)} MB, but only ` +
      `${formatMegabytes(freeBytes, 'down')} MB of your ${formatMegabytes(quotaBytes)} MB is free`,
  );

export const rangeNotSatisfiable = (size: number) =>
  new HttpError(416, 'RANGE_NOT_SATISFIABLE', 'Range not satisfiable', {
    headers: {
      'content-range': `bytes */${size}`,
    },
  });

export const uploadFailed = () => new HttpError(500, STORAGE_ERROR, StorageMessage.uploadFailed);
