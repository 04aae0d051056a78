import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Fixture } from './fixtures';

export interface UploadAnswer {
  status: number;
  headers: Headers;
  body: {
    path: string;
    url: string;
    size: number;
    contentType: string;
    code: string;
    message: string;
  };
}

export interface UploadInput {
  token?: string;
  path?: string;
  file?: Fixture;
  /** Sent as the `options` field, as is. */
  options?: string;
  project?: string;
  /** Put the file part before the path, as some clients do. */
  fileFirst?: boolean;
}

/** A multipart upload the way the browser SDK sends it: fetch with FormData and a Blob. */
export async function upload(baseUrl: string, input: UploadInput): Promise<UploadAnswer> {
  const form = new FormData();
  const appendFile = () => {
    if (input.file) {
      const blob = new Blob([new Uint8Array(input.file.bytes)], { type: input.file.type });
      form.append('file', blob, input.file.name);
    }
  };
  if (input.fileFirst) appendFile();
  if (input.path !== undefined) form.append('path', input.path);
  if (input.options !== undefined) form.append('options', input.options);
  if (!input.fileFirst) appendFile();
  const response = await fetch(`${baseUrl}/api/storage/${input.project ?? 'campus'}/upload`, {
    method: 'POST',
    body: form,
    headers: input.token ? { authorization: `Bearer ${input.token}` } : {},
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as UploadAnswer['body'],
  };
}

/** GETs a download URL; the body as bytes. */
export async function download(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** The same URL on another server: download URLs name the server that stored the file. */
export const through = (baseUrl: string, url: string) =>
  baseUrl + url.slice(new URL(url).origin.length);

export function downloadUrl(baseUrl: string, filePath: string, project = 'campus'): string {
  return `${baseUrl}/api/storage/${project}/download?path=${encodeURIComponent(filePath)}`;
}

/** A private DATA_DIR for one test server, and where the storage module keeps its files. */
/** Where a test server keeps stored and staged files: under its own temp DATA_DIR. */
export function storageDirs(server: { config: { dataDir: string } }) {
  return {
    storageDir: path.join(server.config.dataDir, 'storage'),
    stagingDir: path.join(server.config.dataDir, 'tmp', 'uploads'),
  };
}

/** Every file (not folder) under `dir`, relative to it; empty when `dir` does not exist. */
export function listFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}
