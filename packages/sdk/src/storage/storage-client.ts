import { UPLOAD_MAX_BYTES } from '@campuscollab/shared/core';
import {
  createAuthError,
  SdkError,
  SdkErrorKind,
  SdkMessage,
  createValidationError,
  toSdkError,
} from '../errors/sdk-error';
import type { ApiClient } from '../http/api-client';
import type { AccessTokenSource, FetchFunction } from '../http/authorized-fetch';
import { fail, type Result } from '../http/result';
import {
  readUploadAnswer,
  sendUpload,
  type UploadProgress,
  type XhrConstructor,
} from './upload-request';

/** What the server answers to an upload (apps/server storage/upload.ts). */
export interface UploadResult {
  /** Where the file was stored: the requested path with its extension corrected to its content. */
  path: string;
  /** Public, versioned download URL (a profile's `profilePicture`). */
  url: string;
  size: number;
  contentType: string;
}

export interface UploadOptions {
  /** Overwrite an existing file; without it a taken path is a 409 STORAGE_ERROR. */
  upsert?: boolean;
  onProgress?: (progress: UploadProgress) => void;
}

const MEBIBYTE = 1024 * 1024;

/**
 * The size as the server words it (MiB rounded up to one decimal, whole numbers without ".0"),
 * so the message reads the same whether the SDK or the server refused the file.
 */
export function formatMegabytes(bytes: number): string {
  const tenths = Math.ceil((bytes / MEBIBYTE) * 10);
  return tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1);
}

/** docs/product.md §8.7's message, refused before a byte is sent (the server checks again). */
export function createFileTooLargeError(bytes: number): SdkError {
  return new SdkError({
    kind: SdkErrorKind.storage,
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: `File size (${formatMegabytes(bytes)} MB) exceeds maximum allowed size (${formatMegabytes(UPLOAD_MAX_BYTES)}MB)`,
  });
}

/** Storage (docs/product.md §7.3): upload with progress, download, remove, public URLs. */
export function createStorageClient(deps: {
  api: ApiClient;
  tokens: AccessTokenSource;
  projectId: string;
  fetch: FetchFunction;
  Xhr: XhrConstructor | null;
}) {
  const base = `/api/storage/${encodeURIComponent(deps.projectId)}`;

  return {
    /**
     * Uploads a file to `path` (a user may write under `profile-pictures/{own user id}/`). The
     * server detects the type from the content and corrects the extension; the returned `path`
     * and `url` are the stored ones. Progress comes from XMLHttpRequest when available, else
     * fetch reports 0 and then 100. Files over 50 MB are refused before sending.
     */
    async upload(
      path: string,
      file: Blob,
      options: UploadOptions = {},
    ): Promise<Result<UploadResult>> {
      if (file.size > UPLOAD_MAX_BYTES) return fail(createFileTooLargeError(file.size));
      if (!path.trim()) return fail(createValidationError('Invalid request parameters'));
      const form = new FormData();
      // The path goes first, so the server can refuse a forbidden path before staging the file.
      form.append('path', path);
      form.append('options', JSON.stringify({ upsert: options.upsert ?? false }));
      const name =
        file instanceof File && file.name ? file.name : (path.split('/').pop() ?? 'file');
      form.append('file', file, name);
      const send = (token: string) =>
        sendUpload({
          url: deps.api.urlFor(`${base}/upload`),
          form,
          token,
          size: file.size,
          onProgress: options.onProgress,
          Xhr: deps.Xhr,
          fetch: deps.fetch,
        });
      try {
        const token = await deps.tokens.getAccessToken();
        if (!token) return fail(createAuthError(SdkMessage.noAccessToken));
        let answer = await send(token);
        if (answer.status === 401) {
          const renewed = await deps.tokens.renewAfterUnauthorized(token);
          if (renewed) answer = await send(renewed);
        }
        return readUploadAnswer<UploadResult>(answer);
      } catch (error) {
        return fail(toSdkError(error));
      }
    },

    /** The file's content; 404 STORAGE_ERROR 'File not found'. Downloads need no session. */
    download(path: string): Promise<Result<Blob>> {
      return deps.api.request<Blob>({
        method: 'GET',
        path: `${base}/download`,
        query: { path },
        auth: 'none',
        kind: SdkErrorKind.storage,
        responseType: 'blob',
      });
    },

    /** Removes the caller's files; answers with the paths that existed and were removed. */
    remove(paths: string[]): Promise<Result<{ removed: string[] }>> {
      return deps.api.request({
        method: 'DELETE',
        path: `${base}/remove`,
        body: { paths },
        auth: 'required',
        kind: SdkErrorKind.storage,
      });
    },

    /**
     * The public URL of a stored file. Prefer the `url` an upload returned: it carries the
     * version, so browsers may cache it forever; this one is cached for a minute only.
     */
    getPublicUrl(path: string): string {
      return deps.api.urlFor(`${base}/download`, { path });
    },
  };
}

export type StorageClient = ReturnType<typeof createStorageClient>;
